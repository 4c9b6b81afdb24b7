"""Bastille's numbers and codes: locations, bonus kinds, bots, weights, events, the offsets of
a game's state row ``st`` and of the content row ``tb``, and the bots' float scratch ``fs``.
Constants only."""

# locations (board order 1..7)
L_BANQUE = 0
L_NOTRE_DAME = 1
L_VERSAILLES = 2
L_CATACOMBES = 3
L_PLACE_LOUIS = 4
L_BASTILLE = 5
L_ETATS = 6
N_LOC = 7             # choose_placement weighs them one by one, in this order

# bonus kinds (Versailles tiles, flag bonus tiles, catacomb bonuses)
K_COINS = 0
K_VP = 1
K_BASTILLE = 2
K_HENCHMEN = 3
K_TORCH = 4
K_UPGRADE = 5
K_CHARACTER = 6
K_MISSION = 7
N_KINDS = 8

# character groups and weapon types
GR_PEASANT = 0
GR_SOLDIER = 1
GR_NOBLE = 2
GR_MONK = 3
N_GROUPS = 3          # real groups a monk can join
N_WEAPONS = 3         # pitchfork, rifle, rapier (torches are wild and counted apart)

# mission kinds and max targets
MK_MAX = 0
MK_SERIES = 1
MK_EACH = 2
MT_CROWNS = 3         # max targets 0..2 are the character groups
MT_WEAPONS = 4
MT_GEMS = 5
N_TARGETS = 6

# where a card is
AT_DECK = -1          # character deck / mission deck (pile A in the Secret Mission variant)
AT_DISPLAY = -2       # character display at Place Louis
AT_BOX = -3           # returned to the box
AT_PILE_B = -2        # mission pile B (Secret Mission variant)

# phases
PH_PLACE = 0
PH_EVAL = 1
PH_END = 2

# bots
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HEURISTIC = 2
BOT_ROLLOUT = 3
BOT_SEARCH = 4        # information-set MCTS (kernels/search.py) at every decision

# the game's own fields at the front of the state row, st[G_*]
G_ROUND = 0           # 0-based current round
G_PHASE = 1
G_START = 2           # seat holding the start player marker
G_TURN = 3            # seat to place next
G_DECK_TOP = 4        # next card index in the deck
G_VERS_TOP = 5        # index in the stack of the face-up Versailles tile
G_WTOP = 6            # next face-down weapon token
G_BW = 7              # G_BW + t: face-up weapon tokens of type t in the Bastille (3 fields)
G_TORCH = 10          # torches in the general supply
G_BANK = 11           # coins (value) in the bank; may go below 0 (bank is unlimited)
G_STAMP = 12          # Bastille arrival counter (lower stamp = further ahead on a space)
G_NPLACED = 13        # influence tiles placed in the game (the game's turns)
G_DEC = 14            # bot decisions made
G_LOGN = 15           # rows written to the log
G_LOGON = 16          # 1 = write the log
G_SCORING = 17        # 0 none, 1 interim, 2 final scoring in progress
G_FIRST = 18          # seat that started the game (G_START moves with the marker)
# the pending decision (kernels/README.md, "Bastille's decisions"): its kind, the seat that
# chooses and the context its options depend on
G_KIND = 19           # DEC_* of the pending decision (DEC_NONE: the game is over)
G_SEAT = 20           # the seat that chooses
G_C0 = 21             # context: Versailles tile, tile value at Place Louis, mission pile,
G_C1 = 22             #   catacomb bonus range (G_C0..G_C1), monk card
# where the rules stand between decisions
G_STEP = 23           # S_* of the end of placing being resolved (S_NONE while tiles are placed)
G_STOP = 24           # a driver's stop step (S_NEVER in play): advance returns DEC_STOP there
G_POS = 25            # inside a step: next tile of a location, flag winner, draw, track seat
G_SUB = 26            # weapons the seat at G_POS has taken
G_VT = 27             # Versailles tile being resolved (-1 none left)
G_VSIDE = 28          # side the first tile at Versailles took
G_OPILE = 29          # Secret Mission: the pile the second tile at Etats Generaux takes
G_FLAG1 = 30          # seats with most / second most flags this round (-1 none)
G_FLAG2 = 31
G_GSEAT = 32          # a bonus being received (-1 none): seat, kind, units left, source, got
G_GKIND = 33
G_GLEFT = 34
G_GSRC = 35
G_GGOT = 36
G_TSEAT = 37          # a mission being taken (-1 none): seat, pile (PILE_ASK: not chosen yet),
G_TPILE = 38          #   1 when the pile chosen is the first at Etats Generaux
G_TOTHER = 39
G_MSEAT = 40          # monks being sorted (-1 none): seat, how many, next (cards in SCR_MONK)
G_MN = 41
G_MI = 42
G_NFIELDS = 43

# decision kinds (G_KIND); an option is a row of OPT_W int64 (kernels/README.md)
DEC_STOP = -1         # a driver's stop step reached (tests and bench only)
DEC_NONE = 0          # the game is over
DEC_PLACE = 1         # (tile value, location)
DEC_VERSAILLES = 2    # (side, tile)
DEC_CHARACTER = 3     # (display index, card), or (-1, -1) to take none
DEC_PILE = 4          # (pile, cards in it)  Secret Mission variant
DEC_MISSION = 5       # (mission card, pile)
DEC_CATACOMB = 6      # (bonus slot, kind)
DEC_WEAPON = 7        # (weapon type, tokens of the type in the Bastille)
DEC_UPGRADE = 8       # (tile value to upgrade, 0)
DEC_MONK = 9          # (group, monk card)
N_DEC = 10
K_MAX = 64            # options of one decision (capacity: 7 values x 7 locations at most)
OPT_W = 2
PILE_ASK = -9         # G_TPILE: the seat still chooses a pile

# steps of the end of placing (G_STEP), in the rulebook's order
S_NEVER = -2
S_NONE = -1
S_LOC = 0             # S_LOC + loc: evaluating location loc
S_FLAGS = 7
S_PREPARE = 8
S_INT_GEMS = 9
S_INT_CAT = 10
S_INT_BAS = 11
S_INT_END = 12
S_NEXT_ROUND = 13
S_FIN_START = 14
S_FIN_MONKS = 15
S_FIN_GEMS = 16
S_FIN_CAT = 17
S_FIN_BAS = 18
S_FIN_REST = 19
S_IDLE = 20           # a driver resolving one bonus alone

# each seat's fields, st[PL + p * NPF + P_*]
P_COINS = 0
P_VP = 1
P_BPOS = 2            # Bastille track space
P_BSTAMP = 3
P_HSUP = 4            # henchmen in the personal supply
P_HBAG = 5            # henchmen in the bag
P_TORCH = 6
P_W = 7               # P_W + t: weapon tokens of type t (3 fields)
P_HAND = 10           # P_HAND + v: influence tiles of value v in front of the player (v 1..7)
P_SUP = 18            # P_SUP + v: tiles of value v in the personal supply
P_BOXED = 26          # tiles returned to the box by upgrades
P_NCHAR = 27
P_GRP = 28            # P_GRP + gr: characters of group gr (3 = monks)
P_CROWNS = 32
P_GEMS = 33
P_FLAGS = 34
P_CVP = 35            # VP printed on the characters
P_ARMED = 36          # P_ARMED + t: characters with an imprinted weapon of type t
P_NEED = 39           # P_NEED + t: non-monk characters needing a token of type t
P_MONKAS = 42         # P_MONKAS + gr: monks assigned to group gr
P_MISMASK = 45        # bitmask of mission names held
P_NMIS = 46
P_MISVP = 47          # metric: points from missions
P_UNARMED = 48        # metric: unarmed characters at the end
P_BSTEPS = 49         # metric: Bastille steps gained
P_CATCUBES = 50       # henchmen lying on a catacomb bonus during a scoring
P_HELD = 52           # bit m set for each mission card m held (the bots visit only these)
P_OWNED = 53          # bit c set for each character card c owned
P_NFIELDS = 54
MAXV = 7              # capacity of the tile value fields
MONKS_EXHAUSTIVE = 6  # up to this many monks, every way of sorting them is tried

# log events: row = (event, seat, a, b, c, d)
EV_ROUND = 1          # a = round (1-based)
EV_PLACE = 2          # a = tile value, b = location, c = space
EV_EVAL = 3           # a = location, b = number of tiles
EV_GAIN = 4           # a = kind, b = amount received, c = source
EV_START = 5          # seat takes the start player marker
EV_UPGRADE = 6        # a = old value, b = new value (b == a: no upgrade possible)
EV_BUY = 7            # a = card, b = coins paid, c = tile value
EV_FORFEIT = 8
EV_MISSION = 9        # a = mission card, b = pile (-1 deck)
EV_STEPS = 10         # a = steps, b = new space, c = coins for steps past the end
EV_SCORING = 11       # a = 1 interim / 2 final
EV_DRAW = 12          # a = drawn cube owner (= seat), b = catacomb bonus slot or -1
EV_WEAPON = 13        # a = weapon type
EV_MONK = 14          # a = card, b = group
EV_POINTS = 15        # a = what (PT_*), b = VP
EV_UNARMED = 16       # a = unarmed characters, b = VP lost
EV_END = 17           # a = final score, b = coins, c = rank
EV_FLAGS = 18         # a = flags, b = 1 larger / 2 smaller bonus
EV_REFILL = 19        # a = cards laid out

# sources of a gain (EV_GAIN c)
SRC_LOCATION = 0
SRC_VERSAILLES = 1
SRC_FLAGS = 2
SRC_CATACOMBS = 3

# what a scoring line is for (EV_POINTS a)
PT_GEMS = 0
PT_CROWNS = 1
PT_BASTILLE = 2
PT_CHARACTERS = 3
PT_MISSION = 4
PT_HENCHMEN = 5
PT_COINS = 6
PT_NOTRE_DAME = 7

# bot weights: two sets of the same named values (greedy, heuristic)
W_COIN = 0            # value of a coin early in the game (decays to the end-game rate)
W_STEP = 1            # value of a Bastille step beyond its track points (weapon priority)
W_HENCH = 2           # value of a henchman in the bag
W_TORCH = 3           # value of a torch
W_UPGRADE = 4         # value of a tile upgrade per round left
W_START = 5           # value of the start player marker
W_CHAR = 6            # multiplier on a character's printed VP
W_GEM = 7             # value of a gem per scoring left
W_CROWN = 8           # value of a crown
W_FLAG = 9            # value of a flag per round left
W_NEED = 10           # value of a character one of my missions asks for
W_MISSION = 11        # expected worth of an unseen mission card
W_UNARMED = 12        # cost of a character I cannot arm yet
W_BUMP = 13           # how likely a later, higher tile pushes me down a place
W_CARD = 14           # expected worth of an unseen character card
W_KEEP = 15           # cost per point of tile value spent (keeps big tiles for contests)
W_SET = 16            # number of weights in a set
WB_GREEDY = 0
WB_HEUR = W_SET
W_ROLLOUT_N = 2 * W_SET   # playouts per candidate move (rollout bot)
W_SEARCH_ITER = W_ROLLOUT_N + 1    # search bot: iterations per decision
W_SEARCH_DEPTH = W_ROLLOUT_N + 2   # decisions a playout plays before the position value scores it
W_SEARCH_C = W_ROLLOUT_N + 3       # UCT's exploration constant
W_SEARCH_WIDEN = W_ROLLOUT_N + 4   # progressive widening (0: every option tried first)
W_SEARCH_SCALE = W_ROLLOUT_N + 5   # VP scale of the win-share estimate at a depth cut (0: the leader takes all)
W_SEARCH_SETTLE = W_ROLLOUT_N + 6  # early stop: share of the iterations left the runner-up may gain
W_SEARCH_CAND = W_ROLLOUT_N + 7    # placements the tree tries: the heuristic's best rows (0: every one)
W_TOTAL = 2 * W_SET + 8

# one game's state row st (int64): the game's fields, each seat's block, the board, the cards
# and a scratch area the rules and bots reuse
MAXP = 4              # seats
MAXS = 8              # influence spaces per location (capacity)
MAXC = 64             # character cards (capacity)
MAXM = 32             # mission cards (capacity)
MIS_VALS = 3          # values printed on a mission card
NPF = 56              # fields per player (P_NFIELDS rounded up)

GM = 0
PL = 48
BVAL = PL + MAXP * NPF            # tile value on each space [loc * MAXS + k]
BOWN = BVAL + 7 * MAXS            # tile owner on each space
BN = BOWN + 7 * MAXS              # tiles on each location
DECK = BN + 8                     # character deck order
CLOC = DECK + MAXC                # where each character card is (AT_* or owner)
CGRP = CLOC + MAXC                # group a monk was sorted into (-1 not yet)
MAXD = 8                          # display cards (capacity)
DISP = CGRP + MAXC                # display at Place Louis (card or -1)
VERS = DISP + MAXD                  # Versailles stack order
BONUS = VERS + 16                 # bonus tile on each round space
BPOOL = BONUS + 16                # shuffled regular bonus tiles
WPOOL = BPOOL + 16                # face-down weapon tokens (types) in draw order
MLOC = WPOOL + 64                 # where each mission card is (AT_DECK, AT_PILE_B or owner)
MORD = MLOC + MAXM                # mission deck order
CATOCC = MORD + MAXM              # owner of the cube on each catacomb bonus (-1 free)
SEATBOT = CATOCC + 40             # bot code per seat
SCR = SEATBOT + MAXP              # int scratch
SCR_ORDER = SCR                   # location order (MAXS)
SCR_TRACK = SCR + MAXS            # Bastille track order (MAXP)
SCR_MONK = SCR + MAXS + MAXP      # monks being sorted (up to 84)
TIEB = SCR + 96                   # tie-break values at the end
SCR_RIVAL = TIEB + MAXP           # best opponent's count per max-mission target (N_TARGETS)
BGE = SCR_RIVAL + N_TARGETS       # [loc * (MAXV + 1) + v]: tiles on loc of value v or more
SCR_HIGHER = BGE + N_LOC * (MAXV + 1)   # [v]: the placing seat's opponents' unplaced tiles
                                        # above value v (prepare_values)
SCR_MPLACE = SCR_HIGHER + MAXV + 1      # (redeal) where each unseen mission card lay
SCR_MPLAN = SCR_MPLACE + MAXM           # (bots) a monk sort worked out: first monk, code
ST_SIZE = SCR_MPLAN + 2

# the content row tb (int64, packed by sim.games.bastille.pack): scalars, then fixed-capacity
# blocks
T_NP = 0
T_ROUNDS = 1
T_INTERIM = 2
T_SECRET = 3
T_START_COINS = 4
T_START_MIS = 5
T_HENCH = 6
T_MAXV = 7
T_BANK = 8
T_TORCHES = 9
T_DISPLAY = 10
T_BANQUE = 11
T_ND_VP = 12
T_ETATS = 13
T_BAS_LAST = 14
T_NPOOL = 15
T_BAS_WEAP = 16
T_GEM_VP = 17
T_CAT_DRAWS = 18
T_WTAKE = 19
T_CPV = 20
T_HENCH_VP = 21
T_FLAG_MIN = 22
T_NCHARS = 23
T_NVERS = 24
T_NBONUS = 25
T_NEND = 26
T_CAT_LO = 27
T_CAT_HI = 28
T_NMIS = 29
T_N_CATH = 30
T_N_BASX = 31
T_N_UNARMED = 32
T_CROWN_MIN = 33                  # readings: crowns and max cards need at least this many
T_MAX_MIN = 34
T_START_HAND = 64                 # [v] for v in 0..7
T_TILE_SET = 72
T_SPACES = 80
T_CAT_HENCH = 88
T_BAS_EXTRA = 96
T_WPOOL = 104
T_GWEAP = 108
T_CROWNS = 112
T_UNARMED = 116                   # 40 entries
T_BAS_PTS = 160                   # 64 entries: points of the last line passed, per space
T_CH_GROUP = 224                  # character blocks, MAXC each
T_CH_DECK = T_CH_GROUP + MAXC
T_CH_COST = T_CH_DECK + MAXC
T_CH_VP = T_CH_COST + MAXC
T_CH_CROWNS = T_CH_VP + MAXC
T_CH_GEMS = T_CH_CROWNS + MAXC
T_CH_FLAGS = T_CH_GEMS + MAXC
T_CH_ARMED = T_CH_FLAGS + MAXC
T_VK = T_CH_ARMED + MAXC          # Versailles tiles: kind [tile * 2 + side], 16 tiles
T_VN = T_VK + 32                  # amount
T_BK = T_VN + 32                  # bonus tiles (regular then end): kind, 24 tiles
T_BF = T_BK + 24                  # larger bonus
T_BS = T_BF + 24                  # smaller bonus
T_CK = T_BS + 24                  # catacomb bonuses (left, right, final board): kind, 40 slots
T_CN = T_CK + 40                  # amount
T_CB = T_CN + 40                  # 1 = the cube goes back into the bag afterwards
T_MK = T_CB + 40                  # mission cards: kind
T_MT = T_MK + MAXM                # target (group or MT_*)
T_MV = T_MT + MAXM                # values [m * MIS_VALS + j]
T_MF = T_MV + MAXM * MIS_VALS     # VP (max: first place; series/each: when achieved)
T_MS = T_MF + MAXM                # VP for second place (max cards)
T_MN = T_MS + MAXM                # name id: copies of one card share it
T_NEED2 = T_MN + MAXM             # bots: twice what character c does for mission m's
                                  # group, targets or series [m * MAXC + c] (note_mission_needs)
TB_SIZE = T_NEED2 + MAXM * MAXC

# cache of the placement valuation in the float scratch row fs, one block per seat: while
# tiles are being placed nothing these values depend on changes, so most are computed once
# a round
FS_COIN = 0           # coin value
FS_VA = 1             # Versailles side a
FS_VB = 2             # Versailles side b
FS_HENCH = 3          # a henchman into the bag
FS_CARD = 4           # value of each display card (8)
FS_STEP = 12          # worth of s Bastille steps (24)
FS_UPG = 36           # worth of upgrading a tile of value v (8)
FS_BUMPED = 44        # chance of being pushed down a place by h higher tiles (8)
FS_BUMPW = 52         # the W_BUMP those chances were worked out for
FS_MISSIONS = 53      # mission cards p may expect to take this round (missions_open)
FS_NCARDS = 54        # display cards worth taking with a tile of value v (8; -1: not yet known)
FS_SORT = 62          # their net values, high to low (8 per tile value v)
FS_KEY = FS_SORT + (MAXV + 1) * MAXD   # round + 1 for which the values above are worked out
FS_BLOCK = FS_KEY + 1
FS_RANK = MAXP * FS_BLOCK   # (search) the heuristic's worth of each placement row of a tree node (K_MAX)
FS_SIZE = FS_RANK + K_MAX
