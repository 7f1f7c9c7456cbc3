"""The balance lab: games played as the arena plays them, measured (tracks over time, the cards
each seat played), folded into statistics and written as one self-contained HTML report."""
