"""Miss Scarlet doppelganger Clue: the state row, the content tables and every code.

The board is a graph compiled from content (sim/games/doppelganger/board.py): nodes
0..NR-1 are the rim rooms (node index == where-card index), node NR is the central
colour wheel, then corridor squares; some corridor squares are teleport pads. ``dist`` is
the all-pairs walking distance, ``nxt[u, v]`` the next node on a shortest walk u -> v.

One game's state is one int32 row (fields F_* below, the one place that lists them);
card sets and weapon sets are bit masks over card indices (bit i = card i).
"""
MAXP = 6            # most seats the rulebook allows
MAXC = 16           # most cards per category a mask may hold
INF = 1 << 20
STEAL_EPS = 0.05    # tie-break: a token lying in a room before one taken from a player
TELE_EPS = 0.001    # tie-break: walking before teleporting

# The state row, one per game
F_POS = 0                    # [MAXP] node of each pawn
F_WHO = F_POS + MAXP         # [MAXP] who cards dealt (hidden)
F_WHO_UP = F_WHO + MAXP      # [MAXP] who cards face up (public)
F_WHERE = F_WHO_UP + MAXP    # [MAXP] where cards dealt (hidden)
F_WHERE_UP = F_WHERE + MAXP  # [MAXP] where cards face up (public)
F_WHAT = F_WHERE_UP + MAXP   # [MAXP] what cards dealt (hidden)
F_WHAT_UP = F_WHAT + MAXP    # [MAXP] what cards face up (public)
F_HELD = F_WHAT_UP + MAXP    # [MAXP] weapon tokens carried (public)
F_NOT_WHERE = F_HELD + MAXP  # [MAXP] where cards everyone knows the player lacks (public)
F_NOT_WHAT = F_NOT_WHERE + MAXP  # [MAXP] what cards everyone knows the player lacks (public)
F_FORM = F_NOT_WHAT + MAXP   # [MAXP] who card the pawn shows, -1 = Miss Scarlet
F_ROOM_W = F_FORM + MAXP     # [MAXC] weapon tokens lying in each rim room (public)
F_WINNER = F_ROOM_W + MAXC   # seat that made the kill, -1 = none yet
F_QUIET = F_WINNER + 1       # turns since a card was last turned up (public)
# The pending decision (kernels/README.md, the forward model), all public
F_DEC = F_QUIET + 1          # DEC_* below
F_DEC_SEAT = F_DEC + 1       # the seat that chooses
F_TURN = F_DEC_SEAT + 1      # turns started (the turn being played is F_TURN - 1)
F_TOTAL = F_TURN + 1         # the dice of the turn being played
F_LEFT = F_TOTAL + 1         # actions left this turn
F_ATT_T = F_LEFT + 1         # the attack being answered: its target,
F_ATT_W = F_ATT_T + 1        # its weapon,
F_ATT_OPTS = F_ATT_W + 1     # the target's answers (REV_* mask),
F_ATT_STAGE = F_ATT_OPTS + 1  # DEC_ACT_BEFORE or DEC_ACT_AFTER: when in the turn it came
F_STOP = F_ATT_STAGE + 1     # the turn the game stops at (the turn cap, or a playout's horizon)
F_END = F_STOP + 1           # END_* once F_DEC == DEC_NONE
F_SIZE = F_END + 1

# Decision kinds (F_DEC); the table in kernels/README.md says who chooses and what a row holds
DEC_NONE = 0         # the game is over
DEC_ACT_BEFORE = 1   # an action before moving (the turn starts in a rim room)
DEC_MOVE = 2         # the move (walk, or teleport bringing a player or nobody)
DEC_ACT_AFTER = 3    # an action after the move (it ends in a rim room, an action is left)
DEC_REVEAL = 4       # the attacked player's answer, when it has more than one
DEC_TURN_OVER = 5    # internal: no decision pending, advance starts the next turn
DEC_NAMES = ("none", "act_before", "move", "act_after", "reveal")

# An option row (int64 buf[K_MAX, O_SIZE]); actions use the A_* columns (kind, x, drop, w)
O_DEST = 0        # move: destination node
O_TELE = 1        # move: 1 = teleport
O_BRING = 2       # move: the seat brought along, -1 nobody
O_REV = 0         # reveal: the REV_* answer
O_SIZE = 4

# The content tables (sim/games/doppelganger/pack.py builds them in this order)
T_RULES = 0       # int64 [R_SIZE], below
T_DIST = 1        # int32 [N, N] walking distance
T_NXT = 2         # int32 [N, N] next node on a shortest walk
T_PADS = 3        # int32 [P] pad nodes
T_PAD_INDEX = 4   # int32 [N] pad number of a node, -1 if none
T_ADJ = 5         # int32 [N, D] each node's walking neighbours, -1 after the last
T_PAD_DIST = 6    # int32 [P, N] walking distance from each pad (rows of T_DIST)

# The scratch tuple (allocated by the glue's Compiled.alloc_scratch in this order), first
# axis the state row (R rows; N = board nodes, n = players)
S_STATE = 0       # int32 [R, F_SIZE] the game's state row
S_RNG = 1         # uint64 [R, 1 + n] the game's random streams
S_DECK = 2        # int64 [R, MAXC] cards being shuffled
S_REACH = 3       # int8 [R, N] nodes a move may end on
S_ACTS = 4        # int32 [R, MAX_ACTS, A_SIZE] legal room actions
S_PLANS = 5       # int32 [R, MAX_PLANS, P_SIZE] a bot's best turn plans
S_PSCORE = 6      # float64 [R, MAX_PLANS] their scores
S_KN = 7          # int64 [R, MAXP, K_SIZE] what the deciding seat knows of each opponent
S_FV = 8          # float64 [R, 2 + 2 * MAXP, MAXC] weapon values, card chances, readiness
S_GIVEN = 9       # int32 [R, 2, P_SIZE] the plan chosen by the rollout, and a plan that gives none
S_CTR = 10        # int64 [R, 4] log rows written, bot decisions, and the same two for playouts
S_SEAT_BOTS = 11  # int64 [R, n] the bot in each seat
S_TIEBREAK = 12   # int32 [R, n] zeros: ties share the win
# the rollout bot's playouts: R rows when a rollout bot plays, else 1 (never used)
S_RPLANS = 13     # int32 [., MAX_PLANS, P_SIZE] candidate plans
S_RSCORE = 14     # float64 [., MAX_PLANS]
S_RSTATE = 15     # int32 [., F_SIZE] the playout's state row
S_RRNG = 16       # uint64 [., 1 + n] the playout's streams
S_PBOTS = 17      # int64 [., n] the playout's bots (greedy in every seat)
S_PMET = 18       # float64 [., n, N_METRICS] the playout's metrics (unread)
S_WALK = 19       # int32 [R, WK_PADS + P, N] walks around blocking pawns (rules.pawns_block)
S_OPTS = 20       # int64 [R, K_MAX, O_SIZE] the pending decision's options
# the search bot's (kernels/search.py alloc_tree; a full tree only when a search bot plays)
S_TREE = 21       # int64 [., nodes, N_FIELDS + O_SIZE] its tree
S_GAIN = 22       # float64 [., nodes, n] each seat's reward summed at each node
S_WORK = 23       # int64 [., nodes + K_MAX] an iteration's path, a decision's children
S_REWARD = 24     # float64 [., n] an iteration's rewards
S_SMEMO = 25      # int32 [., P_SIZE] the plan its playouts' bots keep (as S_GIVEN row 0)
S_SOPTS = 26      # int64 [., K_MAX, O_SIZE] the options of its iterations' decisions
S_COUNT = 27

# Rows of S_WALK, filled per move only when another pawn blocks a corridor square
WK_START = 0      # distance from the mover's square
WK_PARENT = 1     # previous node on a shortest walk from the mover's square
WK_QUEUE = 2      # the search's queue
WK_PADS = 3       # then one row per pad: distance from that pad

# The rules vector (tables[T_RULES])
R_DICE = 0
R_SIDES = 1
R_LIMIT = 2
R_ACTIONS = 3
R_MAX_TURNS = 4
R_TELE_WHEEL = 5
R_NCARDS = 6      # cards per category (12)
R_NROOMS = 7      # rim rooms (== where cards); node R_NROOMS is the wheel
R_HAND = 8        # cards of each category per player (12 / players)
R_N = 9           # players
R_MATCH_UP_WHO = 10   # reading: a match already face up (and no other) forces a who card
R_WHO_NO_MATCH = 11   # reading: with no match the target may still turn up a who card
R_PAD_START = 12      # steps to land on the pad a pawn starts on (2: off and back; 0: at once)
R_WALK_ON = 13        # reading: a pad within the roll acts, the pawn walks on after a jump (1)
R_BLOCK = 14          # reading: a pawn on a corridor square blocks it for the others (1)
R_SIZE = 15

# Bots
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HUNTER = 2
BOT_ROLLOUT = 3
BOT_SEARCH = 4    # information-set MCTS (kernels/search.py) at every decision

# Bot weights (content [bots], in this order)
W_REVEAL = 0
W_WHO_STEP = 1
W_INFO = 2
W_FOCUS = 3
W_GIFT = 4
W_SETUP = 5
W_WEAPON_KILL = 6
W_WEAPON_MAYBE = 7
W_WEAPON_ANY = 8
W_DENY_OWN = 9
W_DENY_HIDDEN = 10
W_REVEAL_WHO_COST = 11
W_REVEAL_VULN_COST = 12
W_PAIR_COST = 13
W_TRUE_FORM_COST = 14
W_CONTEST = 15
W_PATIENCE = 16
W_ROLLOUT_PLAYOUTS = 17
W_ROLLOUT_CANDIDATES = 18
W_ROLLOUT_HORIZON = 19
W_SEARCH_ITER = 20      # search: iterations per decision
W_SEARCH_DEPTH = 21     # search: decisions a playout plays before it is scored a draw
W_SEARCH_C = 22         # search: UCT's exploration constant
W_SEARCH_WIDEN = 23     # search: progressive widening (0: every option tried first)
WEIGHT_NAMES = ("reveal", "who_step", "info", "focus", "gift", "setup", "weapon_kill",
                "weapon_maybe", "weapon_any", "deny_own", "deny_hidden", "reveal_who_cost",
                "reveal_vuln_cost", "pair_cost", "true_form_cost", "contest", "patience", "rollout_playouts",
                "rollout_candidates", "rollout_horizon", "search_iterations", "search_depth",
                "search_exploration", "search_widening")

# Room actions: one row of the action list
ACT_NONE = 0
ACT_PICKUP = 1   # x = weapon in the room, drop = weapon left in the room or -1
ACT_STEAL = 2    # x = victim seat, w = weapon taken, drop = weapon left in the room or -1
ACT_ATTACK = 3   # x = target seat, w = weapon used
A_KIND = 0
A_X = 1
A_DROP = 2
A_W = 3
A_SIZE = 4
MAX_ACTS = 256

# What an attacked player may (or must) do: bit masks
REV_WHERE = 1    # turn up the where card of the room
REV_WHAT = 2     # turn up the what card of the weapon
REV_WHO = 4      # turn up a who card (shape shift)
REV_KILL = 8     # true form, room and weapon face up: the target dies
REV_NONE = 16    # reveal nothing (offered beside a who card when nothing matches, a reading)

FIRST_SEAT = 0   # the rulebook does not say who starts; seat 0 does, then 1, .., n-1 (a reading)

# A turn plan (greedy / hunter / rollout): move, then one action
P_DEST = 0
P_TELE = 1
P_BRING = 2
P_KIND = 3
P_X = 4
P_DROP = 5
P_W = 6
P_SIZE = 7
MAX_PLANS = 8

# What a player knows of each opponent (one scratch row per opponent)
K_PW = 0   # where cards the opponent may hold face down
K_KW = 1   # where cards it surely holds face down
K_UW = 2   # how many where cards it holds face down
K_PX = 3
K_KX = 4
K_UX = 5
K_SIZE = 6

# Trace events: row = (event, seat, a, b, c, d); the fields each event uses
EV_HAND = 1       # seat, who mask, where mask, what mask
EV_TOKEN = 2      # -, room, weapon
EV_TURN = 3       # seat, turn number
EV_ROLL = 4       # seat, total
EV_WALK = 5       # seat, from node, to node
EV_TELEPORT = 6   # seat, room node, brought seat or -1
EV_PICKUP = 7     # seat, weapon, room, dropped or -1
EV_STEAL = 8      # seat, victim, weapon, dropped or -1
EV_ATTACK = 9     # seat, target, room, weapon
EV_REVEAL = 10    # target, kind (REV_*), card, forced (1: the only option) or chosen (0)
EV_NOTHING = 11   # target, room, weapon
EV_KILL = 12      # seat, target, room, weapon
EV_CAP = 13       # -, turns played
EV_ROWS_PER_TURN = 12  # most rows one turn logs (a trace's log holds this many per turn cap)

# Per-seat metrics
M_ATTACKS = 0
M_REVEALS_CAUSED = 1
M_CARDS_REVEALED = 2
M_TELEPORTS = 3
M_STEALS = 4
M_PICKUPS = 5
N_METRICS = 6

END_FINISHED = 0
END_TURN_CAP = 1
