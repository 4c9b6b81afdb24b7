"""A Study in Emerald: the state row, the content tables and every code.

Cards: more than 64 (66 game cards, 9 City, 9 Royalty, 10 starting cards per colour), so each
card has a zone code and an owner in the state row, and decks, hands and city stacks are
ordered lists. Card ids (sim/games/emerald/pack.py): game cards 0..G-1 (copies expanded),
City cards G..G+8, Royalty cards G+9..G+17, then colour p's starting cards
G+18+p*NS .. G+18+(p+1)*NS-1.

One game's state is one int32 row (fields F_* below, the one place that lists them).
"""
MAXP = 5            # most seats the rulebook allows
NCITY = 9           # cities on the board
FROM_MI_GO = NCITY  # Yog Sothoth's agent source: the seat's Mi-Go card (rules.yog_takes_mi_go_agents)
MAXCARDS = 200      # most card ids (game + City + Royalty + starting cards of every colour)
MAXOWN = 128        # most cards one player's deck can hold
MAXHAND = 24        # most cards one hand can hold (free draws can grow it past five)
MAXSTACK = 9        # most cards one city stack can hold (7 game cards + City + Royalty)
NIDENT = 6          # identity cards dealt from

# Card zones (F_ZONE); F_ZOWN holds the seat (or the city for Z_STACK and Z_SLOT)
Z_OUT = 0           # not in this game (game cards not dealt to a stack)
Z_DECK = 1
Z_HAND = 2
Z_DISCARD = 3
Z_STACK = 4         # in a city's Game Card space
Z_SLOT = 5          # a Royalty card in its city's Royalty slot
Z_IDENT = 6         # beside the owner's identity card: scored one-use cards, agent-box cards
Z_ROYAL_KILLED = 7  # a Royalty card the owner assassinated (beside the identity card)
Z_ROYAL_HIDDEN = 8  # a Royalty card the owner took by Hide Royalty
Z_REMOVED = 9       # out of play (one-use, assassination cards, Third Section, Cthulhu)

# Sides
RESTORATIONIST = 0
LOYALIST = 1

# The state row, one per game
F_ZONE = 0                              # [MAXCARDS] zone of each card
F_ZOWN = F_ZONE + MAXCARDS              # [MAXCARDS] owner seat / city of the zone
F_VICTIM = F_ZOWN + MAXCARDS            # [MAXCARDS] seat of the agent on an agent-box card, -1 none
F_DECK = F_VICTIM + MAXCARDS            # [MAXP * MAXOWN] draw decks, top = last
F_NDECK = F_DECK + MAXP * MAXOWN        # [MAXP]
F_HAND = F_NDECK + MAXP                 # [MAXP * MAXHAND] hands
F_NHAND = F_HAND + MAXP * MAXHAND       # [MAXP]
F_STACK = F_NHAND + MAXP                # [NCITY * MAXSTACK] Game Card spaces, top = last
F_NSTACK = F_STACK + NCITY * MAXSTACK   # [NCITY]
F_UP = F_NSTACK + NCITY                 # [NCITY] 1 = the top card is face up
F_SLOT = F_UP + NCITY                   # [NCITY] Royalty card in the slot, -1 none
F_CUBES = F_SLOT + NCITY                # [MAXP * NCITY] cubes in each city
F_LIMBO = F_CUBES + MAXP * NCITY        # [MAXP] cubes in Limbo
F_CSTOCK = F_LIMBO + MAXP               # [MAXP] cubes in the available stock
F_AGENTS = F_CSTOCK + MAXP              # [MAXP * NCITY] agents in each city
F_ASTOCK = F_AGENTS + MAXP * NCITY      # [MAXP] agents in the available stock
F_MIGO = F_ASTOCK + MAXP                # [MAXP] agents on the seat's Mi-Go card (count as on the board)
F_YOG = F_MIGO + MAXP                   # [MAXP] agents on the seat's Yog Sothoth card
F_ZOMB = F_YOG + MAXP                   # [MAXP * NCITY] zombies of each owner in each city
F_ZSUPPLY = F_ZOMB + MAXP * NCITY       # zombies left in the supply
F_TRACK_R = F_ZSUPPLY + 1               # Restorationist marker
F_TRACK_L = F_TRACK_R + 1               # Loyalist marker
F_VPN = F_TRACK_L + 1                   # [MAXP] neutral VP (cards)
F_VPR = F_VPN + MAXP                    # [MAXP] Restorationist VP (cards, Royalty assassinated)
F_VPL = F_VPR + MAXP                    # [MAXP] Loyalist VP (cards, Yog Sothoth, hidden Royalty)
F_VPBOX = F_VPL + MAXP                  # [MAXP] agent-box VP
F_IDENT = F_VPBOX + MAXP                # [MAXP] dealt side (hidden)
F_COH = F_IDENT + MAXP                  # [MAXP] 1 = Change of Heart played (side flipped)
F_REVEALED = F_COH + MAXP               # [MAXP] 1 = identity revealed
F_SANITY = F_REVEALED + MAXP            # [MAXP] sanity tokens left
F_SEEN = F_SANITY + MAXP                # [MAXP] bit o: the seat saw o's identity (Burtsev)
F_BLACK_HAND = F_SEEN + MAXP            # [MAXP] 1 = The Black Hand played: +2 per later Royalty
F_REFILLED = F_BLACK_HAND + MAXP        # [MAXP] times the Loyalist refill happened
F_IDPOOL = F_REFILLED + MAXP            # [NIDENT] identity cards in deal order (hidden)
F_FIRST = F_IDPOOL + NIDENT             # start player (chance)
F_CUR = F_FIRST + 1                     # seat whose turn it is
F_TURN = F_CUR + 1                      # player turns played
F_ACTS = F_TURN + 1                     # actions taken this turn
F_FREE = F_ACTS + 1                     # free-action cards played this turn
F_END = F_FREE + 1                      # END_* once the game has ended, else END_NONE
F_TARGET_HIT = F_END + 1                # 1 = a player reached the VP target (ends per rules.target_end_timing)
F_LEOPOLD = F_TARGET_HIT + 1            # 1 = Society of Leopold played: zombies and vampires gone
F_MIGO_TURN = F_LEOPOLD + 1             # [MAXP] the turn the seat's agents went onto Mi-Go
F_PUSH_R = F_MIGO_TURN + MAXP           # [MAXP] Restorationist steps each seat moved (public history)
F_PUSH_L = F_PUSH_R + MAXP              # [MAXP] Loyalist steps each seat moved (public history)
# The forward model (issue 29, kernels/README.md): the pending decision and where the rules
# stand, so that the row holds the whole position
F_DEC = F_PUSH_L + MAXP                 # DEC_* pending, DEC_NONE = none (the game is over, or stopped)
F_DEC_SEAT = F_DEC + 1                  # the seat that chooses
F_STEP = F_DEC_SEAT + 1                 # S_*: where the game stands outside an action
F_PL_I = F_STEP + 1                     # the placement rounds: agents placed so far
F_LAST = F_PL_I + 1                     # the kind of the turn's last action (-1 none)
F_CAP = F_LAST + 1                      # the turn at which play stops (the turn cap; a playout's horizon)
F_CAP_ENDS = F_CAP + 1                  # 1: reaching F_CAP ends the game by the turn cap; 0: play only stops
F_AST = F_CAP_ENDS + 1                  # AS_*: where the action being resolved stands, AS_IDLE none
F_ROW = F_AST + 1                       # [MV_SIZE] the action's row (MV_* columns)
F_AX_LEFT = F_ROW + 8                   # the action's sub-choices still to make (cubes, agents, zombies)
F_AX_DONE = F_AX_LEFT + 1               # what they did so far (agents moved, put on the card, cubes sent)
F_AX_I = F_AX_DONE + 1                  # a loop's cursor (a claim's or the zombies' city, Cthulhu's seat)
F_AX_CARD = F_AX_I + 1                  # the card played (assassination, text)
F_AX_LOST = F_AX_CARD + 1               # 1 = the sanity die took a token
F_AX_WHO = F_AX_LOST + 1                # the seat picked (the zombies' victim)
F_INT_CARD = F_AX_WHO + 1               # the interrupt offered (Sherlock Holmes, Vampires)
F_INT_ATT = F_INT_CARD + 1              # the attacker it would stop
F_INT_STOPPED = F_INT_ATT + 1           # 1 = the last interrupt offered was played
F_RF_SEAT = F_INT_STOPPED + 1           # a revealed Loyalist placing agents back (the refill)
F_RF_LEFT = F_RF_SEAT + 1               # agents it still places (0: no refill under way)
F_SIZE = F_RF_LEFT + 1

# The content tables (sim/games/emerald/pack.py builds them in this order)
T_RULES = 0       # int64 [R_SIZE], below
T_CARD = 1        # int32 [C, K_SIZE] card facts, below
T_CITY = 2        # int32 [NCITY, Y_SIZE] city facts, below

# Card facts (a row of tables[T_CARD])
K_KIND = 0        # KIND_*
K_CITY = 1        # the city of a City or Royalty card, -1 otherwise
K_CUBE = 2        # symbols: cube ... bomb must stay consecutive (SYM_* index = K_* - K_CUBE)
K_CLAIM = 3
K_RETRIEVE = 4
K_MOVE = 5
K_ASSASSINATE = 6
K_RES = 7
K_LOY = 8
K_BOMB = 9
K_AGENT = 10      # agent symbols (agents placed on claim)
K_INSANITY = 11
K_VP = 12
K_VP_TYPE = 13    # VT_*
K_BOX = 14        # agent-box VP, 0 = no box
K_MODE = 15       # MODE_*
K_EFFECT = 16     # FX_*
K_COST = 17       # bomb points to assassinate a Royalty card
K_COLOUR = 18     # the colour of a starting card, -1 otherwise
K_SIZE = 19

SYM_CUBE = 0
SYM_CLAIM = 1
SYM_RETRIEVE = 2
SYM_MOVE = 3
SYM_ASSASSINATE = 4
SYM_RES = 5
SYM_LOY = 6
SYM_BOMB = 7
NSYM = 8

KIND_GAME = 0
KIND_CITY = 1
KIND_ROYALTY = 2
KIND_START = 3

VT_NEUTRAL = 0
VT_RES = 1
VT_LOY = 2
VP_TYPES = ("neutral", "restorationist", "loyalist")

MODE_SYMBOLS = 0
MODE_ACTION = 1
MODE_ONE_USE_ACTION = 2
MODE_FREE = 3
MODE_ONE_USE_FREE = 4
MODE_INTERRUPT = 5
MODE_BENEFIT = 6
MODE_ONE_USE_BENEFIT = 7
MODE_ONE_USE_ACTION_OR_INTERRUPT = 8
MODES = ("symbols", "action", "one_use_action", "free", "one_use_free", "interrupt", "benefit",
         "one_use_benefit", "one_use_action_or_interrupt")

FX_NONE = 0
EFFECTS = ("", "black_hand", "discard_draw", "change_of_heart", "cthulhu", "draw_two", "hide_royalty",
           "holy_brotherhood", "infernal_machine", "lestrade", "duchess", "fenians", "irene_adler",
           "matvei", "shoggoth", "mi_go", "freud", "leopold", "okhrana", "terrors", "peoples_will",
           "third_section", "pinkerton", "vampires", "sherlock", "burtsev", "yog_sothoth", "zombies")
(FX_NONE, FX_BLACK_HAND, FX_DISCARD_DRAW, FX_CHANGE_OF_HEART, FX_CTHULHU, FX_DRAW_TWO, FX_HIDE_ROYALTY,
 FX_HOLY_BROTHERHOOD, FX_INFERNAL_MACHINE, FX_LESTRADE, FX_DUCHESS, FX_FENIANS, FX_IRENE_ADLER,
 FX_MATVEI, FX_SHOGGOTH, FX_MI_GO, FX_FREUD, FX_LEOPOLD, FX_OKHRANA, FX_TERRORS, FX_PEOPLES_WILL,
 FX_THIRD_SECTION, FX_PINKERTON, FX_VAMPIRES, FX_SHERLOCK, FX_BURTSEV, FX_YOG_SOTHOTH,
 FX_ZOMBIES) = range(28)

# City facts (a row of tables[T_CITY])
Y_AGENT_COST = 0  # bomb points to assassinate an agent there
Y_CITY_CARD = 1   # card id of its City card
Y_ROYALTY = 2     # card id of its Royalty card
Y_SIZE = 3

# The scratch tuple (allocated by the glue's Compiled.alloc_scratch in this order), first
# axis the state row
S_STATE = 0       # int32 [R, F_SIZE] the game's state row
S_RNG = 1         # uint64 [R, 1 + n] the game's random streams
S_TMP = 2         # int64 [R, MAXCARDS + 16] cards being shuffled or paid with
S_MOVES = 3       # int32 [R, MAX_MOVES, MV_SIZE] the legal actions (the last row: the one chosen)
S_POS = 4         # int64 [R, MAXHAND] hand positions of a payment
S_IO = 5          # int64 [R, 2] log rows written, bot decisions
S_SEAT_BOTS = 6   # int64 [R, n] the bot in each seat
S_TIEBREAK = 7    # int32 [R, n] 1 for a Restorationist (higher in a tie)
# the rollout bot's playouts (one row each when no rollout bot plays)
S_R_STATE = 8     # int32 [R, F_SIZE] a playout's state
S_R_RNG = 9       # uint64 [R, 1 + n] a playout's streams
S_R_TMP = 10      # int64 [R, MAXCARDS + MAXSTACK + 16]
S_R_MOVES = 11    # int32 [R, MAX_MOVES, MV_SIZE] a playout's legal actions
S_R_POS = 12      # int64 [R, MAXHAND]
S_R_IO = 13       # int64 [R, 2] a playout's log rows and decisions (thrown away)
S_R_CAND = 14     # int32 [R, MAX_CANDIDATES, MV_SIZE] the rows the rollout bot weighs
S_R_SCORE = 15    # int32 [R, 2, n] a playout's final scores and tie-breaks
S_R_MET = 16      # float64 [R, n, N_METRICS] a playout's metrics (thrown away)
S_R_BOTS = 17     # int64 [R, 2, n] the playout bots (the heuristic everywhere); the game's bots with rollout as heuristic
S_R_VALUE = 18    # float64 [R, MAX_MOVES] the heuristic's value of each legal row (candidates)
# the search bot's tree (kernels/search.py alloc_tree: a full one per row only when a rollout or
# search bot plays); its iterations play in the rollout's rows above (S_R_STATE .. S_R_SCORE)
S_TREE = 19       # int64 [R, nodes, N_FIELDS + MV_SIZE] the nodes and the option rows leading to them
S_GAIN = 20       # float64 [R, nodes, MAXP] each seat's reward summed per node
S_WORK = 21       # int64 [R, nodes + MAX_MOVES] an iteration's path, a decision's children
S_REWARD = 22     # float64 [R, MAXP] one iteration's rewards
N_SCRATCH = 23
MAX_CANDIDATES = 16

# The rules vector (tables[T_RULES])
R_N = 0
R_GAME_CARDS = 1      # G: game card ids 0..G-1
R_START_CARDS = 2     # NS: starting cards per colour
R_CARDS = 3           # card ids in use: G + 18 + n * NS
R_AGENTS = 4
R_CUBES = 5
R_LIMBO = 6
R_HAND = 7
R_SANITY = 8
R_ROUNDS = 9
R_ZOMBIES = 10
R_ZPLAY = 11
R_TRACK_MAX = 12
R_PER_CITY = 13       # game cards per city at this player count
R_TARGET = 14         # VP target at this player count
R_ACTIONS = 15
R_REFILL = 16
R_MIGO_CAP = 17
R_MAX_TURNS = 18
R_DIE_SIDES = 19
R_DIE_INSANE = 20
R_ID_RES = 21
R_ID_LOY = 22
# the [rules] switches, in content order
R_TRACK_ABS = 23
R_RES_KEEPS_BOX = 24
R_BOX_FINAL_SIDE = 25
R_REVEAL_ANY_LOSS = 26
R_REFILL_EVERY = 27
R_TARGET_TIMING = 28
R_LESTRADE_ONE = 29
R_MIGO_ONE_OR_TWO = 30
R_CTHULHU_SLOT = 31
R_TURN_UP_AFTER = 32
R_ZOMBIE_PIECES = 33
R_ZOMBIE_REMAINING = 34
R_VAMP_INT_ONE_USE = 35
R_SHERLOCK_REPLACE = 36
R_CLEANUP_EACH = 37
R_HIDE_FREE_TIMING = 38
R_FREE_CAP = 39
R_DISCARDS_PUBLIC = 40
R_COH_PUBLIC = 41
R_MATVEI_FREE = 42
R_BH_HIDDEN = 43
R_LEOPOLD_USED = 44
R_AS_MANY = 45
R_REPEAT = 46
R_LEOPOLD_LATER = 47      # Society of Leopold voids the Zombies/Vampires cards claimed later too
R_STOPPED_CLEANUP = 48    # an assassination stopped by an interrupt still cleans up the cubes
R_YOG_MIGO = 49           # Yog Sothoth may take agents from its player's Mi-Go card
R_VAMP_SHOGGOTH = 50      # the Vampires interrupt stops Shoggoth too
R_MOVE_NONE = 51          # a move action may stop before moving any agent
R_IRENE_OWN = 52          # Irene Adler may replace one's own agent
R_OKHRANA_OWN = 53        # Okhrana may send one's own cubes to Limbo
R_CLAIM_FEWER = 54        # cards with more claim symbols than cities claimed may pay a claim
R_FENIANS_SYMBOL_GONE = 55  # Fenians played for its bomb symbol leaves the game
R_PENALTY = 56       # the lowest player's side loses this many VP
R_SIZE = 57
SWITCHES = ("track_abs", "res_keeps_box_vp", "box_final_side", "reveal_any_agent_loss",
            "refill_every_time", "target_end_timing", "lestrade_one_player", "mi_go_one_or_two",
            "cthulhu_takes_slot", "turn_up_after_removal", "zombies_are_pieces",
            "zombies_place_remaining", "vampires_interrupt_one_use", "sherlock_stops_replace",
            "cleanup_each_assassination", "hide_royalty_free_timing", "free_action_cap",
            "discards_public", "change_of_heart_public", "matvei_free", "black_hand_counts_hidden",
            "leopold_takes_used_vp", "place_as_many_as_possible", "repeat_actions",
            "leopold_voids_later_cards", "stopped_assassination_cleans_up", "yog_takes_mi_go_agents",
            "vampires_stop_shoggoth", "move_may_move_none", "irene_adler_own_agent", "okhrana_own_cubes",
            "claim_fewer_than_symbols", "fenians_symbol_one_use")

# The nine actions
ACT_PLACE = 0
ACT_CLAIM = 1
ACT_RETRIEVE = 2
ACT_MOVE = 3
ACT_MARKERS = 4
ACT_ASSASSINATE = 5
ACT_DISCARD = 6
ACT_CARD = 7
ACT_PASS = 8
N_ACTIONS = 9
ACT_FREE = 9       # a free-action card's text (costs no action)
ACT_MIGO_BACK = 10  # free: the agents on one's Mi-Go card back onto one city

# A legal action: one row of the move list (moves.py)
MV_ACT = 0        # ACT_*
MV_PAY = 1        # hand positions (bit i = hand slot i) of the cards paid with
MV_PAY2 = 2       # markers: hand positions played for Loyalist steps (MV_PAY: Restorationist);
                  # assassination: hand position of Fenians, -1 none
MV_A = 3          # place: city; claim: claims made; move: agents moved; assassinate: city;
                  # card text: its city or count, -1 none
MV_B = 4          # claim: bit mask of the cities claimed in; assassinate: victim seat, -1 the Royalty;
                  # card text: its target seat, -1 none (Freemasons/Mrs Hudson: MV_PAY = cards discarded)
MV_C = 5          # assassinate: hand position of the assassination card; card text: its hand position
MV_SIZE = 6
MAX_MOVES = 4096
MAX_PAY = 10      # most cards with one symbol a payment looks at (2^10 subsets)

# Bots
BOT_RANDOM = 0
BOT_GREEDY = 1
BOT_HEURISTIC = 2
BOT_ROLLOUT = 3     # chooses its two actions by playouts; everything else as the heuristic
BOT_SEARCH = 4      # information-set MCTS (kernels/emerald/search.py) at every action, free action
                    # and further assassination; everything else as the heuristic

# Bot weights (content [bots], in this order)
W_VP = 0
W_TRACK = 1
W_CARD = 2
W_MAJORITY = 3
W_AGENT = 4
W_BELIEF_PUSH = 5   # heuristic: log-odds per net marker step a seat moved toward a side
W_BELIEF_ROYAL = 6  # heuristic: log-odds per Royalty a seat assassinated (Restorationist) or hid (Loyalist)
W_HUNT = 7          # heuristic Loyalist: worth of removing an agent, times the chance its owner is a Restorationist
W_GUARD = 8         # heuristic: worth of an agent more when it is the seat's last on the board
W_END_LEAD = 9      # heuristic: worth per VP of the own side's lead when an action would end the game
W_H_TRACK = 10      # heuristic: its own worth of a marker step toward its side (greedy uses W_TRACK)
W_H_VP = 11         # heuristic: its own worth of a VP it keeps (greedy uses W_VP)
W_ROLLOUT_CANDIDATES = 12  # rollout: the heuristic's best rows it plays out
W_ROLLOUT_PLAYOUTS = 13    # rollout: playouts (determinised deals) per row
W_ROLLOUT_HORIZON = 14     # rollout: player turns a playout runs before the position is scored
W_PUSH = 15         # heuristic: worth per marker step toward its side while its side leads the track
W_ROYAL_GUARD = 16  # heuristic Loyalist: share of a slotted Royalty's VP an agent of a likely Restorationist there threatens
W_DENY = 17         # heuristic: share of a face-up card's worth when removing an agent breaks its owner's majority
W_SEARCH_ITER = 18  # search: iterations per decision
W_SEARCH_DEPTH = 19  # search: decisions a playout plays before the position value scores it
W_SEARCH_C = 20     # search: UCT's exploration constant
W_SEARCH_WIDEN = 21  # search: progressive widening (0: every option tried first)
W_SEARCH_CAND = 22  # search: the heuristic's best rows of an action's options the tree tries (0: every row)
W_SEARCH_SCALE = 23  # search: VP scale of the win-share estimate at a depth cut (0: the leader takes all)
WEIGHT_NAMES = ("vp", "track", "card", "majority", "agent", "belief_push", "belief_royal", "hunt", "guard",
                "end_lead", "h_track", "h_vp", "rollout_candidates", "rollout_playouts", "rollout_horizon",
                "push", "royal_guard", "deny", "search_iterations", "search_depth", "search_exploration",
                "search_widening", "search_candidates", "search_value_scale")

# Trace events: row = (event, seat, a, b, c, d)
EV_FIRST = 1        # seat = the start player
EV_IDENTITY = 2     # seat, side dealt
EV_AGENT = 3        # seat, city (placement round or an agent symbol)
EV_TURN = 4         # seat, turn number
EV_PLACE = 5        # seat, city, cubes
EV_CLAIM = 6        # seat, city, card
EV_RETRIEVE = 7     # seat, cubes
EV_MOVE = 8         # seat, from city, to city
EV_MARKER = 9       # seat, R steps, L steps
EV_ASSASSINATE = 10  # seat, city, victim seat (-1: the Royalty), card used
EV_SANITY = 11      # seat, lost (1/0), left
EV_REVEAL = 12      # seat, side
EV_TURN_UP = 13     # -, city, card
EV_END = 14         # -, reason
EV_TEXT = 15        # seat, card, parameter a, parameter b
EV_INTERRUPT = 16   # seat (the defender), card, attacker
EV_DRAW = 17        # seat, cards drawn
EV_ZOMBIE = 18      # seat (owner), city, +1 placed / -1 removed, victim seat
EV_DISCARD = 19     # seat, cards discarded
EV_PASS = 20        # seat
EV_MOVE_ACTION = 21  # seat, agents paid for, agents moved (a move action ends; fewer moved = it stopped)
EV_PAID = 22        # seat, up to four cards an action was paid with (-1 none), a row per four
EV_AGENT_LOST = 23  # seat, city: an agent lost with a sanity token (Royalty assassinated or hidden)
EV_OKHRANA = 24     # seat, owner, city: Okhrana sends one cube to Limbo
EV_SHOGGOTH = 25    # seat, city, victim seat, card: Shoggoth eliminates an agent
EV_VP = 26          # seat, its VP disc now (every type, the tracks included): logged when it changed

# Per-seat metrics
M_FINAL_SIDE = 0
M_RAW_VP = 1
M_TRACK_VP = 2
M_VP_LOST = 3
M_PENALTY = 4
M_ROYALTY = 5
M_AGENTS_KILLED = 6
M_REVEALED = 7
M_SANITY_LOST = 8
N_METRICS = 9
METRICS = ("final_side", "raw_vp", "track_vp", "vp_lost", "penalty", "royalty_assassinated",
           "agents_assassinated", "revealed", "sanity_lost")

# End reasons (Game.end_reasons order)
END_NONE = -1
END_TARGET = 0
END_TRACK = 1
END_REVEAL = 2
END_TURN_CAP = 3
END_REASONS = ("vp_target", "track_end", "restorationist_revealed", "turn_cap")

# The forward model's decisions (F_DEC), steps (F_STEP) and action steps (F_AST)
DEC_NONE = 0
DEC_ACTION = 1          # one of the turn's actions: a move row
DEC_FREE = 2            # a free action or none (last row: ACT_STOP)
DEC_MORE = 3            # another assassination in the same action or none (last row: ACT_STOP)
DEC_AGENT = 4           # a city for one agent (the placement rounds, a revealed Loyalist's refill)
DEC_RETRIEVE = 5        # where one cube comes back from (-1 Limbo, or a city)
DEC_MOVE = 6            # one agent move (from, to), or (-1, -1) stop
DEC_INTERRUPT = 7       # the attacked seat: play the interrupt (1) or not (0)
DEC_OFF_BOARD = 8       # Mi-Go / Yog Sothoth: a city to take an own agent from
DEC_ZOMBIE_VICTIM = 9   # Zombies: whose agent leaves the city (context F_AX_I), -1 none
DEC_ZOMBIE_CITY = 10    # Zombies: a city for one zombie
DEC_OKHRANA = 11        # Okhrana: (owner, city) of a cube sent to Limbo
DEC_NAMES = ("game over", "action", "free action", "another assassination", "agent placement",
             "retrieve source", "agent move", "interrupt", "agent off the board", "zombies' victim",
             "zombie city", "Okhrana cube")
ACT_STOP = 11           # the last row of DEC_FREE / DEC_MORE: none
# an option row of every other decision: (O_A, O_B) then zeros
O_A = 0
O_B = 1

S_PLACE = 0             # the agent placement rounds
S_TURN = 1              # a turn begins (or the turn cap / a stop is reached)
S_FREE = 2              # free actions before action F_ACTS (after the last: before the turn's end)
S_ACTION = 3            # action number F_ACTS
S_MORE = 4              # more assassinations
S_ACTION_DONE = 5       # an action resolved
S_TURN_END = 6          # the hand refilled, the VP target checked
S_OVER = 7              # nothing more: the game is over (F_END) or stopped (F_CAP_ENDS = 0)
S_HALT = 8              # tests: an action resolved alone stops here, nothing pending

AS_IDLE = 0
AS_DONE = 1             # the action's end (after a refill it may have started)
AS_RETRIEVE = 2
AS_MOVE = 3
AS_CLAIM = 4            # the next city of a claim (F_AX_I)
AS_CLAIM_UP = 5         # a claim's end: the next card turned up
AS_KILL_AGENT = 6       # an assassinated agent, after its owner's interrupt
AS_KILL_ROYAL = 7       # a Royalty card assassinated, after the sanity die
AS_KILL_END = 8         # the assassination's clean-up
AS_SHOGGOTH = 9
AS_CTHULHU_INT = 10     # Cthulhu: the next seat's interrupt (F_AX_I)
AS_CTHULHU_ASKED = 11
AS_CTHULHU_LOST = 12    # Cthulhu: the next seat's lost agents checked (F_AX_I)
AS_HIDE = 13            # Hide Royalty, after the sanity die
AS_DUCHESS_UP = 14
AS_REPLACE = 15         # Irene Adler / Vampires, after the interrupt
AS_OFF_BOARD = 16       # Mi-Go / Yog Sothoth: agents onto the card
AS_ZOMBIE_CITY = 17     # Zombies: the next city with one of its zombies (F_AX_I)
AS_ZOMBIE_ASKED = 18    # its victim chosen (F_AX_WHO): the interrupt
AS_ZOMBIE_KILL = 19
AS_ZOMBIE_PLACE = 20
AS_OKHRANA = 21
