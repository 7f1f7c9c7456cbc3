"""Who plays which part in 2+2: seats 0 USA, 1 Soviet Union, 2 West, 3 East. A superpower's seat
number equals its side (0 yellow, 1 red), so ``POWER[side]`` and ``side`` name the
same seat."""

POWER = (0, 1)  # the superpower of the yellow and of the red side
STATE_SEAT = (2, 3)  # West, East
