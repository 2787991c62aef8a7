"""Programs that play: the simulator's players and figures (``ena-rules simulate``).

============  ===================================================================================
module        its one concern
============  ===================================================================================
simulation    seeded games between automatic players, and the figures of many games
============  ===================================================================================
"""
