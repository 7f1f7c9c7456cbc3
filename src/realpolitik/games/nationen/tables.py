"""Constants shared by the rules modules: the kinds of head of state and the steps of the turn."""

#: the four kinds of head of state (Staatschefs), in the order used everywhere
LEADERS = ("king", "president", "dictator", "guerrilla")

#: step 3 of a turn (place or move a leader): not yet, done, replaced by an agent's card order
OPEN, DONE, REPLACED = 0, 1, 2
