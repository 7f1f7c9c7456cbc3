"""Constants of the turn shared by the rules modules."""

#: step 3 of a turn (place or move a leader): not yet, done, replaced by an agent's card order
OPEN, DONE, REPLACED = 0, 1, 2
