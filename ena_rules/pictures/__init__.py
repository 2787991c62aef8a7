"""What a person looks at: cards as pictures, a table, and the step-through replay page.

============  ===================================================================================
module        its one concern
============  ===================================================================================
table_view    the public table of a state or a view, as plain data for the pictures
svg           cards, hands and tables as SVG (colour-blind safe; notebooks draw with it)
replay_steps  a validated log's steps, each with its picture, for the replay page
replay_html   ``ena-rules replay --html``: the one-file page (exact CSP, no script from outside)
============  ===================================================================================
"""
