"""The Scarlet Pimpernel's numbers in one place: sizes, codes, and the offsets of the content
row ``K`` and the state row ``s``. Constants only.

One game's state is one int64 row ``s``; content is one int64 row ``K`` plus the route table
``RS``/``RM``: for each ordered pair of locations, every route as a bit mask of its
route spaces, shortest first (``tables = (K, RS, RM)``, built by sim/games/pimpernel/pack.py).
"""

# sizes
MAXP = 6
MAXL = 24        # locations
MAXSLOT = 4      # spaces per location card
MAXS = 64        # route spaces (one bit each in a route mask)
MAXE = 48        # routes between two locations (graph edges)
MAXB = 8         # building spaces / tiles
NAREA = 6        # planning areas
NRES = 4         # resource areas come first
NNEED = 5        # mission card needs: 4 resources + supporters
NLEAD = 5        # leader spaces
MAXMC = 24       # mission cards
MAXLC = 24       # location cards
MAXFC = 24       # special favor cards
MAXR = 8         # regions
MAXDECK = 24
MAXTRAIL = 16
MAXM = 256       # legal moves at one decision
NSHORT = 4       # shortest routes the heuristic watches per mission

# planning areas
A_DISGUISE = 0
A_PAPERS = 1
A_CART = 2
A_HORSE = 3
A_SUPPORTER = 4
A_REST = 5

# leader spaces, resolved in this order
L_RESOURCES = 0
L_SUPPORTERS = 1
L_FIRST = 2
L_ROUTE = 3
L_LOCATION = 4

# location card icons
IC_NONE = 0
IC_ROUTE = 1
IC_POINT = 2
IC_DISGUISE = 3   # .. IC_SUPPORTER = 7 in area order
IC_SUPPORTER = 7
IC_REST = 8
IC_REMOVE = 9

# actions (favor cards; an icon k >= 1 grants action k + 2)
ACT_MOVE = 0
ACT_PLACE = 1
ACT_BUILDING = 2
ACT_ROUTE = 3
ACT_POINT = 4
ACT_DISGUISE = 5  # .. ACT_SUPPORTER = 9 in area order
ACT_SUPPORTER = 9
ACT_REST = 10
ACT_REMOVE = 11
ICON_TO_ACT = 2

# move kinds: moves[m] = (kind, a, b, favor slot)
MV_PASS = 0
MV_MOVE = 1      # a = region
MV_ROUTE = 2     # a = route space
MV_LOC = 3       # a = location * MAXSLOT + slot
MV_LEADER = 4    # a = leader space
MV_BUILD = 5     # a = building space (bumps another player's cube into its area)
MV_AREA = 6      # a = planning area
MV_FAVOR = 7     # a = favor tile (= planning area)
MV_POINT = 8
MV_REMOVE = 9    # a = where (RM_*), b = index
MV_DECLINE = 10  # decline an icon's action or the rest cube

RM_ROUTE = 0
RM_LOC = 1
RM_BUILD = 2
RM_AREA = 3
RM_LEADER = 4

# bots
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HEURISTIC = 2
BOT_ROLLOUT = 3
BOT_SEARCH = 4        # information-set MCTS (kernels/search.py) at every decision but a leader's

W_LEAD_RES = 0
W_LEAD_SUP = 1
W_LEAD_FIRST = 2
W_LEAD_ROUTE = 3
W_LEAD_LOC = 4
W_MAJORITY = 5
W_MISSION = 6
W_FUTURE = 7
W_DENIAL = 8
W_REST = 9
W_MOVE = 10
W_PASS = 11
W_PLAYOUTS = 12
W_WIDTH = 13      # rollout: how many of the heuristic's best moves get playouts
W_TILE = 14       # a favor tile of average card held, in points (the leader's cube choice)
W_ROUNDS = 15     # rollout: mission rounds a playout plays (the current one and the next ones)
W_LEAD_FLOOR = 16  # a free leader space's worth whatever its part's chance (0: the old valuation)
W_LEAD_LAST = 17   # the last free leader space (it ends the round): its worth less this share per part unmet
W_BUILD_NEED = 18  # a building whose tile's area the mission still lacks (0: valued as any other)
W_SEARCH_ITER = 19    # search: iterations per decision
W_SEARCH_DEPTH = 20   # search: decisions a playout plays before the position value scores it
W_SEARCH_C = 21       # search: UCT's exploration constant
W_SEARCH_WIDEN = 22   # search: progressive widening (0: every option tried first)
N_WEIGHTS = 23

TRIED = -(1 << 62)
UNVALUED = -1e30  # a favor card's move until its halves are valued (below every real value)

# who leads a leader space nobody placed on (game.empty_leader_space_leader)
EMPTY_BY_LAST_ROUND = 0   # the last player to place a cube this round (else the first player)
EMPTY_BY_LAST_GAME = 1    # the last player to place a cube in the game (else the first player)
EMPTY_BY_LAST_LEADER = 2  # the last player to place on a leader space this round (else as 0)

# who takes an unheld tile when the first cube in its area is another player's bumped cube
BUMP_TILE_OWNER = 0       # the cube's owner (the majority)
BUMP_TILE_PLACER = 1      # the player who placed it there (the one using the building)

END_FINISHED = 0
END_TURN_CAP = 1

# content row K
K_NLOC = 0
K_NREG = 1
K_NS = 2
K_NE = 3
K_NB = 4
K_NMC = 5
K_NFC = 6
K_HOJ = 7
K_TP = 8
K_FINAL = 9           # Vienna
K_RESCUE = 10         # Richmond
K_CUBES = 11          # cubes per player for this player count
K_NMISSIONS = 12
K_FIRST_MISSION = 13
K_REMOVED = 14
K_LEADER_PT = 15
K_FIRST_PT = 16
K_CUBE_PT = 17
K_POINT_PT = 18
K_CHAUVELIN = 19
K_HOJ_PT = 20
K_FIRST_GAME = 21
K_MAX_TURNS = 22
K_FINAL_CARD = 23     # mission card index of Vienna
K_RESCUE_CARD = 24    # mission card index of Richmond
K_EMPTY_LEAD_PT = 25  # reading: 1 = a leader space led without a cube still scores its point
K_EMPTY_LEADER = 26   # reading: who leads an empty leader space (EMPTY_BY_*)
K_CHAUV_BY_LOC = 27   # reading: 1 = Chauvelin landing on any marker at the Pimpernel's location catches him
K_RESCUE_AGAIN = 28   # reading: 1 = the Richmond card serves every rescue, 0 = only the first
K_BUMP_TILE = 29      # reading: a first cube bumped into an area gives its tile to BUMP_TILE_*
K_REST_ICON = 30      # reading: 1 = a location space filled with the rest cube offers its icon (paid from supply)
K_SPACE_RA = 32
K_SPACE_RB = K_SPACE_RA + MAXS
K_SPACE_EDGE = K_SPACE_RB + MAXS
K_EDGE_A = K_SPACE_EDGE + MAXS
K_EDGE_B = K_EDGE_A + MAXE
K_LOC_REGION = K_EDGE_B + MAXE
K_LC_NSLOT = K_LOC_REGION + MAXL
K_LC_ICON = K_LC_NSLOT + MAXLC
K_MC_LOC = K_LC_ICON + MAXLC * MAXSLOT
K_MC_NEED = K_MC_LOC + MAXMC
K_BLD_REGION = K_MC_NEED + MAXMC * NNEED
K_TILE_AREA = K_BLD_REGION + MAXB
K_FC_ACT = K_TILE_AREA + MAXB
K_FC_STAR = K_FC_ACT + MAXFC * 2
K_REG_ADJ = K_FC_STAR + MAXFC
K_REG_NSP = K_REG_ADJ + MAXR * MAXR   # route spaces a pawn in region r may use
K_REG_SP = K_REG_NSP + MAXR
K_REG_NLOC = K_REG_SP + MAXR * MAXS   # locations in region r
K_REG_LOC = K_REG_NLOC + MAXR
K_REG_SPMASK = K_REG_LOC + MAXR * MAXL   # region r's route spaces as one bit mask (int64 bits)
K_DECK_WORTH = K_REG_SPMASK + MAXR       # the favor cards' total worth (values.deck_worth, float64 bits)
K_SIZE = K_DECK_WORTH + 1

# state row s
O_N = 0
O_CUR = 1             # player to act
O_FIRST = 2           # first-player marker
O_PASSES = 3          # passes in succession
O_LAST = 4            # last player to place a cube this round (-1 none)
O_MISSION = 5         # number of the current mission marker
O_PIMP = 6            # Pimpernel's location
O_CHAUV = 7           # Chauvelin's place on the marker trail (-1 = House of Justice)
O_PRISON = 8          # Pimpernel in Temple Prison
O_MLOC = 9            # current mission location
O_NCUR = 10
O_CUR_CARDS = 11      # 3: top card first
O_NNEXT = 14
O_NEXT_CARDS = 15     # 3
O_DECK_PTR = 18
O_DECK_LEN = 19
O_TRAIL_LEN = 20
O_TURNS = 21
O_DONE = 22
O_END = 23
O_PARTS_FAILED = 24
O_CAPTURES = 25
O_T_REST_IN = 26      # this turn: a cube went into the rest area
O_T_REST_OUT = 27     # this turn: the rest cube was used
O_T_ACTED = 28        # this turn: an action (not a pass) was taken
O_MISSIONS_DONE = 29
O_NSHORT = 30
O_DECISIONS = 31
O_STARTER = 32        # seat that started the game (O_FIRST moves with the marker)
O_LAST_EVER = 33      # last player to place a cube in the game (-1 none)
O_LAST_LEAD = 34      # last player to place a cube on a leader space this round (-1 none)
O_T_REST_RM = 35      # this turn: a cube was removed from the rest area by "remove a cube"
O_RESCUES = 36        # rescue missions the Richmond card has served
O_STREAM = 38         # bot stream override inside rollouts (-1 = the acting seat's own)
O_T_AREA = 39                         # NAREA: cubes the acting player put in each area this turn
O_DECK = O_T_AREA + NAREA             # MAXDECK: draw pile, next card at O_DECK_PTR
O_REMOVED = O_DECK + MAXDECK          # 4: cards out of the game unseen
O_TRAIL = O_REMOVED + 4               # MAXTRAIL: mission marker locations 0, first, ...
O_LOCCARD = O_TRAIL + MAXTRAIL        # MAXL: location card on each location (-1 none)
O_BLDTILE = O_LOCCARD + MAXL          # MAXB
O_TILECARD = O_BLDTILE + MAXB         # NAREA: favor card on each favor tile
O_HOLDER = O_TILECARD + NAREA         # NAREA: player holding each favor tile (-1)
O_LEADER = O_HOLDER + NAREA           # NLEAD: cube owner on each leader space (-1)
O_ROUTE = O_LEADER + NLEAD            # MAXS
O_LOC = O_ROUTE + MAXS                # MAXL * MAXSLOT
O_BLD = O_LOC + MAXL * MAXSLOT        # MAXB
O_AREA = O_BLD + MAXB                 # MAXP * NAREA
O_ST_ROUTE = O_AREA + MAXP * NAREA    # turn stamp when each cube was placed
O_ST_LOC = O_ST_ROUTE + MAXS
O_ST_BLD = O_ST_LOC + MAXL * MAXSLOT
O_ST_LEAD = O_ST_BLD + MAXB
O_SHORT = O_ST_LEAD + NLEAD           # NSHORT route indices into RM
O_PL = O_SHORT + NSHORT               # MAXP * PLK
P_SCORE = 0
P_SUPPLY = 1
P_REGION = 2
P_HOJ = 3
P_FINAL_START = 4
P_LEADER_PTS = 5
P_CUBE_PTS = 6
P_ICON_PTS = 7
PLK = 8
# the pending decision and where the rules stand (the forward model, issue 29)
O_DEC = O_PL + MAXP * PLK   # the pending decision's DEC_* (DEC_NONE once the game is over)
O_DEC_SEAT = O_DEC + 1      # the seat that chooses
O_STEP = O_DEC + 2          # the S_* step advance resumes at
O_ACT = O_DEC + 3           # an icon's follow-up action (ACT_*)
O_ACT_PENDING = O_DEC + 4   # the favor card's other action the icon's options must leave possible (-1)
O_FAV_TILE = O_DEC + 5      # the favor tile being played
O_FAV_OTHER = O_DEC + 6     # the favor card's half still to play
O_M_LEADER = O_DEC + 7      # the leader of the mission part being resolved (or of the top card)
O_M_AREA = O_DEC + 8        # the planning area cubes are being moved out of
O_M_MOVED = O_DEC + 9       # cubes moved out of it so far
O_M_OK = O_DEC + 10         # the resources part still succeeds (1/0)
O_M_SCORED = O_DEC + 11     # cubes scored in the resources part so far
O_M_NCOMP = O_DEC + 12      # complete routes of the route decision
O_M_LOC = O_DEC + 13        # the next mission's location once its top card is settled
O_CAP = O_DEC + 14          # the turn at which the game stops (the turn cap; playouts: never)
O_STOP = O_DEC + 15         # a step advance stops at with no decision pending (-1: none; tests)
S_SIZE = O_DEC + 16
NEVER = 1 << 62

# decision kinds (O_DEC)
DEC_NONE = 0        # the game is over (O_END)
DEC_MAIN = 1        # the turn's choice: pass, a basic action, a favor tile
DEC_ICON = 2        # an icon's optional follow-up action
DEC_FAVOR1 = 3      # a favor card's first half (either action)
DEC_FAVOR2 = 4      # its other half
DEC_REST = 5        # the optional rest cube
DEC_CUBE = 6        # whose cube the leader moves out of a planning area next
DEC_ROUTE = 7       # the leader's route
DEC_TOP = 8         # the leader's top card of the next mission
N_DEC = 9

# steps of the rules (O_STEP), where advance resumes when no decision is pending
S_TURN = 0          # a turn to begin, or the game to end at the turn cap
S_FAVOR2 = 1        # a favor card's other half
S_REST = 2          # the optional rest cube
S_END = 3           # the turn passes on
S_ROUND = 4         # the round ends if every leader space is taken or every player passed
S_RESOURCES = 5     # the mission's resources part (areas O_M_AREA..3)
S_SUPPORTERS = 6    # the supporters part
S_FIRST = 7         # the first-player part
S_ROUTE = 8         # the route part
S_LOCATION = 9      # the Pimpernel moves, the location part, Chauvelin
S_PREPARE = 10      # the next mission's cards turned up (its leader O_M_LEADER)
S_NEXT = 11         # the next mission set out (its top card settled), a new round

# heuristic context: per decision, computed once (float row ctx)
C_AREA = 0                # per area: worth of one more cube of the deciding player
C_LEAD = C_AREA + NAREA   # per leader space: its worth now
C_REGPOT = C_LEAD + NLEAD # per region: empty spaces worth filling now
C_LOC = C_REGPOT + MAXR   # per location: worth of a cube on its card
C_ICON = C_LOC + MAXL     # per icon: worth of its follow-up action
C_NEED = C_ICON + 10      # per area: the mission's need (rest: 0)
C_HAVE = C_NEED + NAREA   # per area: cubes there
C_RIVAL = C_HAVE + NAREA  # per area: the most cubes another player has there
C_VALS = C_RIVAL + NAREA  # per move of the decision: the heuristic's value
C_SIZE = C_VALS + MAXM

# trace events: log[i] = (event, seat, a, b, c, d)
EV_SETUP = 0        # a = Pimpernel start, b = first mission location, c = first player
EV_MOVE = 1         # seat plays move (a = kind, b = arg a, c = arg b, d = from rest)
EV_PART = 2         # a = leader space, seat = leader (-1 none), b = success, c = cubes scored
EV_ROUTE = 3        # a = route index within the pair's list, b = complete routes, c = cubes
EV_PIMP = 4         # a = location
EV_CHAUV = 5        # a = steps, b = new trail position, c = captured
EV_NEXT = 6         # a = mission number, b = location
EV_TILE = 7         # a = tile, seat = new holder
EV_BUMP = 8         # seat bumped, a = area
EV_END = 9          # a = end reason
EV_HOJ = 10         # seat's leader cube goes to the House of Justice
EV_PASS = 11
EV_ICON = 12        # a = icon
EV_FAVOR_STEP = 13
LOGW = 6

