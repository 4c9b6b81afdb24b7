"""The Last Banquet: the state row, the content tables and every code. Constants only.

Players sit at places 0..NPL-1 in a circle; place p+1 is one step clockwise (direction +1).
Several players may share a place. Seats are players; the character, faction and secret
role of each seat come from chance at set-up.
"""
MAXP = 25           # most players (scenario 3)
MAXPL = 28          # most places (scenarios 5 and 6 add chairs)
MAXF = 3            # most factions in one scenario
NCHAR = 25          # character cards
NSLOT = 5           # basic, action 1, action 2, favor, reaction

# Character slots (A table's second axis)
BASIC, ACTION1, ACTION2, FAVOR, REACTION = 0, 1, 2, 3, 4

# Operations of the vocabulary (sim/games/banquet/pack.py OPS, same order)
OP_NONE = 0
OP_SWITCH = 1
OP_SWAP_TWO = 2
OP_MOVE_TO = 3
OP_MOVE_NEXT_TO = 4
OP_BRING_NEXT_TO = 5
OP_EACH_ADJACENT_SWITCH = 6
OP_SIT = 7
OP_STAND = 8
OP_REVERSE = 9
OP_PROTECT = 10
OP_LOOK = 11
OP_REVEAL = 12

# Filters: who (relation to the active player; WHO_NEXT_TO_FIRST only for the second player)
WHO_ANY, WHO_ADJACENT, WHO_NOT_ADJACENT, WHO_NEXT_TO_FIRST = 0, 1, 2, 3
GENDER_ANY, LADY, GENTLEMAN = 0, 1, 2
POS_ANY, POS_STANDING, POS_SITTING = 0, 1, 2
# Status bits (C_STATUS and filter masks; 0 in a filter = any)
COURT, INDEPENDENT, CITIZEN, NOBILITY, ROYALTY = 1, 2, 4, 8, 16
# Reaction windows
ON_NONE, ON_TARGETED, ON_MOVED, ON_OBJECTIVE = 0, 1, 2, 3

# Action table rows: A[char, slot, A_*]
A_OP = 0
A_ICON = 1
A_JUDGED = 2
A_SELF = 3
A_WHO = 4
A_GENDER = 5
A_STATUS = 6
A_POS = 7
A_WHO2 = 8
A_GENDER2 = 9
A_STATUS2 = 10
A_POS2 = 11
A_SHARE = 12
A_ON = 13
A_SIZE = 14

# Character table rows: C[char, C_*]
C_INIT = 0
C_GENDER = 1
C_STATUS = 2
C_SIZE = 3

# Scenarios
SCEN_BANQUET, SCEN_SPIES, SCEN_LEAGUE, SCEN_MAIDEN, SCEN_ESTATE = 1, 2, 3, 4, 5
SCEN_CASTLE = 6     # The Missing Princess (kernels/banquet/castle.py)

# Factions (the role column: index into ROLES; the role chance dealt, before any conversion)
ROLES = ("king", "rose", "tower", "baron", "duke", "queen", "maiden", "merchant", "abbot", "abbess", "rescuers")
KING_F, ROSE_F, TOWER_F, BARON_F, DUKE_F = 0, 1, 2, 3, 4
QUEEN_F, MAIDEN_F = 5, 6                        # scenario 4
MERCHANT_F, ABBOT_F, ABBESS_F = 7, 8, 9         # scenario 5 (faction order = round of hosting)
RESCUE_F = 10       # scenario 6: every player, one team
# Secret roles (index into SECRET_ROLES), -1 none
SECRET_ROLES = ("assassin", "courier", "spy", "decoy")
ASSASSIN, COURIER, SPY, DECOY = 0, 1, 2, 3
# Item tokens a player may carry (F_ITEM), -1 none
IT_FLASK, IT_DAGGER, IT_MESSAGE, IT_PURSE, IT_DIAMOND, IT_DECOY, IT_RING = 0, 1, 2, 3, 4, 5, 6

# Rules vector (T_RULES)
R_N = 0             # players
R_NPL = 1           # places
R_SCEN = 2          # SCEN_*
R_FULL = 3          # 1 = full rules
R_ROUNDS = 4
R_NF = 5            # factions in play
R_VETO = 6          # the patron's veto tokens at set-up (0 = none)
R_ACTION_CAP = 7    # actions per round before the game stops (turn_cap)
R_PASS_CAP = 8      # scepter passes per round before the game stops (pass_cap)
R_KSIZE = 9         # scenario 1: king's-faction size; 2: baron's-faction size; 3: king's
R_SPIES = 10        # scenario 2
R_PTS_SURVIVE = 11
R_PTS_MARKED = 12
R_PTS_KILL = 13
R_FSIZE = 14        # [MAXF] faction sizes (in faction order of the scenario)
R_CH_KING = R_FSIZE + MAXF   # character ids of the titled cards (-1 when missing)
R_CH_QUEEN = R_CH_KING + 1
R_CH_PRINCESS = R_CH_KING + 2
R_CH_KNIGHT = R_CH_KING + 3
R_CH_DUKE = R_CH_KING + 4
R_CH_BARON = R_CH_KING + 5
R_CH_SENESCHAL = R_CH_KING + 6
R_CH_MESSENGER = R_CH_KING + 7
R_CH_MAIDEN = R_CH_KING + 8
R_CH_MERCHANT = R_CH_KING + 9
R_CH_ABBOT = R_CH_KING + 10
R_CH_ABBESS = R_CH_KING + 11
R_HOST_RECEIPT = R_CH_KING + 12     # readings, in content [rules] order
R_SENESCHAL_COURIER = R_HOST_RECEIPT + 1
R_BRIBE_SEATED = R_HOST_RECEIPT + 2
R_BARON_KNOWS = R_HOST_RECEIPT + 3
R_RING = R_HOST_RECEIPT + 4
R_PATRON_REQUESTS = R_HOST_RECEIPT + 5
R_NEAR_KING = R_HOST_RECEIPT + 6
R_ICON_OWN = R_HOST_RECEIPT + 7
R_KING_CONVERTS = R_HOST_RECEIPT + 8
R_ACROSS_CHANCE = R_HOST_RECEIPT + 9
R_PENDANT_LIMIT = R_HOST_RECEIPT + 10
R_UNSCORED_TIE = R_HOST_RECEIPT + 11
# scenario 6 readings (B12-B16 and the re-flip)
R_RIGHT_IS_ANTICLOCKWISE = R_HOST_RECEIPT + 12
R_DUKE_SWITCH_IS_MOVE = R_HOST_RECEIPT + 13
R_DUKE_EVERY_PASS = R_HOST_RECEIPT + 14
R_SEATED_LOSS_IN_SEARCH = R_HOST_RECEIPT + 15
R_KEYRING_AT_ARRIVAL = R_HOST_RECEIPT + 16
R_REFLIP_REPEATS = R_HOST_RECEIPT + 17
R_PENDANTS = R_REFLIP_REPEATS + 1   # scenario 4: rose pendants in the box (after every switch)
R_GUARDS = R_PENDANTS + 1           # scenario 6: guards on the tower at set-up (the printed difficulty dial)
R_SEARCH = R_GUARDS + 1             # search tokens on the gatehouse
R_PENDANTS_EACH = R_GUARDS + 2      # pendants each at this player count
R_GUARDS_BACK = R_GUARDS + 3        # guards returning with the Keyring when the duke meets its carrier
R_CH_WITCH = R_GUARDS + 4           # removed in scenario 6 (with the First Knight and the White Maiden)
R_SETUP_CHOSEN = R_CH_WITCH + 1     # reading B1: 1 = the players choose their places at set-up (scenarios 1, 3, 4, 6)
# readings issue 32 made switches (content [rules] keys, in this order after the set-up switch);
# each 1 = the reading the code held before
RULINGS = ("survival_point_only_unslain", "final_converts_join_maiden", "equal_sums_by_judgment",
           "icon_spares_royal_occupant", "gamekeeper_ladies_fixed", "gamekeeper_initiative_order",
           "gamekeeper_may_be_partner", "gamekeeper_switch_compulsory")
R_SURVIVE_UNSLAIN = R_SETUP_CHOSEN + 1   # scenario 1: the survival point only for a king never assassinated
R_FINAL_CONVERTS = R_SETUP_CHOSEN + 2    # scenario 4: the final objective phase still converts (the converts lose)
R_SUMS_JUDGED = R_SETUP_CHOSEN + 3       # scenario 5: equal initiative sums of a three-way tie by divine judgment
R_ICON_OCCUPANT = R_SETUP_CHOSEN + 4     # an icon action cannot take a place a Royalty player holds
R_GK_FIXED = R_SETUP_CHOSEN + 5          # each_adjacent_switch: the choosers fixed before anyone moves
R_GK_INITIATIVE = R_SETUP_CHOSEN + 6     # ... choosing lowest initiative first (else round the table from him)
R_GK_PARTNER = R_SETUP_CHOSEN + 7        # ... the active player himself may be a partner
R_GK_COMPULSORY = R_SETUP_CHOSEN + 8     # ... a chooser with a partner to choose must switch
# scenario 3's traitor factions, alternating, each send the member of their choice to pick (the
# duke or the baron decides for his faction, DEC_SEND); 0 = their members come in seat order
R_FACTION_SENDS = R_SETUP_CHOSEN + 1 + len(RULINGS)
R_SIZE = R_FACTION_SENDS + 1
SWITCHES = ("host_start_is_receipt", "seneschal_may_be_courier", "bribe_needs_seated", "baron_knows_courier",
            "ring_unvetoable", "patron_may_request", "king_faction_sits_near_king",
            "icon_spares_own_royalty", "king_may_convert", "across_odd_by_chance", "rose_pendant_limit",
            "unscored_portion_is_tie", "right_is_anticlockwise", "duke_switch_is_move", "duke_moves_on_every_pass",
            "seated_loss_during_search", "keyring_passes_at_arrival", "search_reflip_repeats")
PORTIONS = ("Fox Forest", "Greystone Quarry", "market rights in Dunny")   # scenario 5: Hound, Diamond, Purse

# Content tables (the tuple's order)
T_RULES, T_CHARS, T_ACTIONS = 0, 1, 2

# The state row (int32), one per game
F_PLACE = 0                     # [MAXP] place of each player
F_STAND = F_PLACE + MAXP        # [MAXP] 1 = standing
F_PROT = F_STAND + MAXP         # [MAXP] 1 = protected until the round ends
F_CHAR = F_PROT + MAXP          # [MAXP] character card
F_FACTION = F_CHAR + MAXP       # [MAXP] faction (ROLES index)
F_SECRET = F_FACTION + MAXP     # [MAXP] secret role, -1 none (hidden)
F_ITEM = F_SECRET + MAXP        # [MAXP] item token carried, -1 none (hidden)
F_TOKEN = F_ITEM + MAXP         # [MAXP] 1 = holds a king's mark (a veto token)
F_REACTED = F_TOKEN + MAXP      # [MAXP] the reaction window the player last reacted in
F_BRIBED = F_REACTED + MAXP     # [MAXP] the round a spy last bribed
F_KNOWN = F_BRIBED + MAXP       # [MAXP * MAXP] viewer*MAXP+p: 1 = viewer knows p's item
F_ROUND = F_KNOWN + MAXP * MAXP  # current round (0-based)
F_DIR = F_ROUND + 1             # +1 or -1
F_HOLDER = F_DIR + 1            # who holds the scepter
F_HOST = F_HOLDER + 1           # the host's seat
F_KING = F_HOST + 1             # the king's seat (-1 none)
F_PATRON = F_KING + 1           # the patron's seat (-1 none)
F_VETO = F_PATRON + 1           # veto tokens in the patron's supply
F_BOXED = F_VETO + 1            # tokens returned to the box
F_SPENT = F_BOXED + 1           # tokens returned to the supply by declined favors
F_MARKED_ROUND = F_SPENT + 1    # the round the king last marked (-1 never)
F_CAN_MARK = F_MARKED_ROUND + 1  # 0 once both assassins stood next to the king
F_MARK = F_CAN_MARK + 1         # [MAXF] the seat each faction's mark is on (-1 none)
F_END = F_MARK + MAXF           # END_* or END_NONE
F_KILLER = F_END + 1            # faction whose assassin killed the king (-1)
F_ACTIONS = F_KILLER + 1        # actions this round
F_PASSES = F_ACTIONS + 1        # scepter passes this round
F_WINDOW = F_PASSES + 1         # reaction window counter
F_IN_REACTION = F_WINDOW + 1    # 1 while a reaction resolves (reactions never trigger reactions)
F_RING = F_IN_REACTION + 1      # seat holding an unused Signet Ring (-1 none)
F_TURNS = F_RING + 1            # turns taken in the game
F_WHISPERED = F_TURNS + 1       # 1 = the baron learnt the courier
F_KILLERS = F_WHISPERED + 1     # assassins next to the king at the last objective phase
F_SUSPECT = F_KILLERS + 1       # [MAXP] times faction-mates' actions brought p next to the king (baron): public
F_PLACE_KIND = F_SUSPECT + MAXP  # [MAXPL] PK_* of each place (PK_OPEN = a place players may take)
F_VETOS = F_PLACE_KIND + MAXPL  # [MAXF] scenario 5: each patron's veto tokens (faction order)
F_ESTATE = F_VETOS + MAXF       # [MAXF * 3] scenario 5: estate points, faction * 3 + portion
F_CLAIM = F_ESTATE + 3 * MAXF   # [3] scenario 5: the faction index claiming each portion at the end (-1)
F_CONVERTED = F_CLAIM + 3       # [MAXP] scenario 4: 1 = joined the white maiden's faction
# scenario 6, the castle (kernels/banquet/castle.py)
F_PENDANTS = F_CONVERTED + MAXP  # [MAXP] pendants left
F_GUARDS = F_PENDANTS + MAXP    # guards on the tower
F_KEYRING = F_GUARDS + 1        # the seat carrying the Keyring, KEY_ON_TOWER
F_KEY_LEFT = F_KEYRING + 1      # 1 once the Keyring has left the tower (the Hound came)
F_HOUND = F_KEY_LEFT + 1        # the Hound's place, HOUND_AWAY before it comes, HOUND_GONE after the gatehouse
F_DUKE = F_HOUND + 1            # the duke's place
F_DUKE_DIR = F_DUKE + 1         # his step: +1 or -1
F_GATE = F_DUKE_DIR + 1         # the seat in the gatehouse, -1 none
F_SEARCH = F_GATE + 1           # search tokens left on the gatehouse
F_FOUND = F_SEARCH + 1          # 1 = the princess is found
# -- the forward model (issue 29; kernels/banquet/forward.py): the pending decision and where
# the rules stand, so that the state row holds the whole position
F_SEATBOT = F_FOUND + 1         # [MAXP] the bot in each seat (BOT_*)
F_DEC = F_SEATBOT + MAXP        # the pending decision (DEC_*; DEC_NONE = the game is over)
F_DEC_SEAT = F_DEC + 1          # the seat that chooses
F_STEP = F_DEC_SEAT + 1         # where the round stands (S_*)
F_FIRST = F_STEP + 1            # 1 = the host's opening hand-off of the scepter is next
F_SCAN_Q = F_FIRST + 1          # the scepter's search: the place reached
F_SCAN_I = F_SCAN_Q + 1         # ... and the places looked at
F_SCAN_R = F_SCAN_I + 1         # ... the receiver found before the king's marks
F_ACTOR = F_SCAN_R + 1          # the seat whose turn it is
F_MK_ON = F_ACTOR + 1           # the king's marks: 1 while he is receiving the scepter
F_MK_I = F_MK_ON + 1            # ... the traitor faction (0, 1) asked next
F_MK_DONE = F_MK_I + 1          # ... 1 once a mark was placed or moved
F_FV_ON = F_MK_DONE + 1         # a favor being declared on: 1 (the patron), 2 (scenario 5's three)
F_FV_DONE = F_FV_ON + 1         # ... scenario 5: the patrons (factions, a bit set) that declared
F_FV_F = F_FV_DONE + 1          # ... the patron faction asked
F_AC_STEP = F_FV_F + 1          # the action resolving (AC_*; AC_IDLE = none)
F_AC_A = F_AC_STEP + 1          # ... its actor, slot and targets (a, slot, x, y, z)
F_AC_SLOT = F_AC_A + 1
F_AC_X = F_AC_SLOT + 1
F_AC_Y = F_AC_X + 1
F_AC_Z = F_AC_Y + 1
F_AC_I = F_AC_Z + 1             # ... the chosen target (0, 1) or moved seat whose reaction is offered next
F_AC_BEFORE = F_AC_I + 1        # ... the players beside the king (baron) before the effect (bit set)
F_EF_STEP = F_AC_BEFORE + 1     # the effect resolving (EF_*; EF_IDLE = none): an action's or a reaction's
F_EF_A = F_EF_STEP + 1          # ... its actor, slot and targets
F_EF_SLOT = F_EF_A + 1
F_EF_X = F_EF_SLOT + 1
F_EF_Y = F_EF_X + 1
F_EF_Z = F_EF_Y + 1
F_EF_REACT = F_EF_Z + 1         # ... 1 = a reaction's effect (its moves are F_RMOVED's)
F_EN_P = F_EF_REACT + 1         # ... entering: the mover, the place and his former place
F_EN_Q = F_EN_P + 1
F_EN_FORMER = F_EN_Q + 1
F_CH_N = F_EN_FORMER + 1        # ... each_adjacent_switch: the choosers and the next one
F_CH_I = F_CH_N + 1
F_CHOOSERS = F_CH_I + 1         # [MAXP] in initiative order, as the table stood
F_MOVED = F_CHOOSERS + MAXP     # [MAXP] 1 = moved by the action resolving
F_RMOVED = F_MOVED + MAXP       # [MAXP] 1 = moved by the reaction resolving
F_RE_WIN = F_RMOVED + MAXP      # the reaction offered: its window (ON_*) and the pending action
F_RE_PA = F_RE_WIN + 1          # ... (actor, -1 none; slot, x, y, z)
F_RE_SLOT = F_RE_PA + 1
F_RE_X = F_RE_SLOT + 1
F_RE_Y = F_RE_X + 1
F_RE_Z = F_RE_Y + 1
F_OB_I = F_RE_Z + 1             # the objective phase: the seat (in initiative order) offered a reaction next
F_CA_CARRIER = F_OB_I + 1       # scenario 6: the receiver carried the Keyring when the scepter came
F_SE_SPENT = F_CA_CARRIER + 1   # scenario 6: pendants spent on re-flips in this search
F_SE_FOUND = F_SE_SPENT + 1     # ... 1 = this search's flip found her
F_SU_N = F_SE_FOUND + 1          # set-up places chosen (R_SETUP_CHOSEN): the players to pick, in order
F_SU_I = F_SU_N + 1             # ... the next of them
F_SU_DISP = F_SU_I + 1          # ... scenario 4: the player a maiden displaced, choosing his new place (-1 none)
F_SU_ORDER = F_SU_DISP + 1      # [MAXP] ... the picking order (-1 - f: traitor faction f sends a member, R_FACTION_SENDS)
F_SU_PICKED = F_SU_ORDER + MAXP  # [MAXP] ... 1 = has picked (a place held by a player yet to pick is free)
F_SIZE = F_SU_PICKED + MAXP

# Decisions (F_DEC): who chooses (F_DEC_SEAT) and an option row of forward.options (buf rows
# of MV_SIZE ints: an action or a reaction is a move row; every other decision's choice is
# column O_CHOICE)
DEC_NONE = 0            # the game is over
DEC_DIRECTION = 1       # the host: the round's direction (+1, -1)
DEC_MARK = 2            # the king: a traitor faction's mark (-1 leave it, else a member)
DEC_BRIBE = 3           # scenario 2, a spy before his action: whom to bribe (a seat, -1 nobody)
DEC_ACTION = 4          # the scepter's receiver: his turn (a move row: pass, an action, a favor)
DEC_VETO = 5            # the patron (scenario 5: each of the three): decline (1) or accept (0) a favor
DEC_REACTION = 6        # full rules: a player offered his reaction (a move row; row 0 = none)
DEC_PLACE = 7           # a displaced player: his free place
DEC_PARTNER = 8         # each_adjacent_switch: a chooser's partner
DEC_KEYRING = 9         # scenario 6, the Keyring's carrier: hand it to (a seat, -1 keep it)
DEC_GATEHOUSE = 10      # scenario 6, the carrier beside the gatehouse: enter (1) or wait (0)
DEC_REFLIP = 11         # scenario 6, the searcher after a failed flip: spend a pendant (1) or stop (0)
DEC_SEAT = 12           # set-up places chosen (R_SETUP_CHOSEN): a player's place
DEC_SEND = 13           # ... scenario 3 (R_FACTION_SENDS), the duke or the baron: which member of his faction picks next
N_DEC = 14
DEC_NAMES = ("game over", "direction", "mark", "bribe", "action", "veto", "reaction", "displaced place",
             "switch partner", "Keyring hand-off", "gatehouse", "re-flip", "set-up place", "faction's next picker")
O_CHOICE = 0            # an option row's choice (all but DEC_ACTION and DEC_REACTION)

# Where a round stands (F_STEP)
S_ROUND = 0             # a round begins: everyone stands, the host chooses the direction
S_AFTER_DIRECTION = 1   # the direction chosen
S_NEXT = 2              # the scepter goes on (castle: castle_round.castle_next, a pass at a time)
S_NEAR_MARKED = 3       # the king received it at the holder's place and marked
S_SCAN = 4              # the scepter looks place by place
S_SCAN_MARKED = 5       # the king received it on the way and marked
S_BRIBE = 6             # a turn begins (a spy may bribe)
S_ACT = 7               # the turn's move
S_TURN_END = 8          # the move resolved: the Keyring hand-off (scenario 6), sitting down
S_TURN_SIT = 9          # ... sitting down (or a pendant), the action cap
S_OBJ_REACT = 10        # the objective phase's reactions
S_OBJ_SCORE = 11        # the objective, the end of the round
S_ARRIVE = 12           # scenario 6: after the gatehouse question, the Keyring at arrival
S_ARRIVE_END = 13       # ... then the receiver acts if standing
S_SEARCH = 14           # scenario 6: a search's re-flips
S_OVER = 15             # the game is over
S_SETUP = 16            # set-up places chosen: the next player picks
# the action resolving (F_AC_STEP)
AC_IDLE, AC_TARGETED, AC_EFFECT_DONE, AC_MOVED = 0, 1, 2, 3
# the effect resolving (F_EF_STEP)
EF_IDLE, EF_ENTER, EF_PARTNER, EF_DONE = 0, 1, 2, 3
KEY_ON_TOWER = -1
HOUND_AWAY, HOUND_GONE = -1, -2

# Place kinds (F_PLACE_KIND). Every place but PK_OPEN holds something no player may occupy:
# the scepter skips it, no move or displacement ends there, and the players on either side of
# it are not adjacent (it is a place between them; reading B11).
PK_OPEN = 0
PK_HOUND, PK_DIAMOND, PK_PURSE = 1, 2, 3                # scenario 5: the count's estate
PK_BASTION, PK_TOWER, PK_GATEHOUSE, PK_DUKE = 4, 5, 6, 7   # scenario 6: the castle and the duke

# End reasons
END_REASONS = ("finished", "assassinated", "delivered", "turn_cap", "pass_cap", "slain", "rescued", "caught",
               "all_seated")
END_NONE = -1
END_FINISHED, END_ASSASSINATED, END_DELIVERED, END_TURN_CAP, END_PASS_CAP = 0, 1, 2, 3, 4
END_SLAIN = 5       # scenario 4: the white maiden next to the queen
END_RESCUED, END_CAUGHT, END_ALL_SEATED = 6, 7, 8     # scenario 6: the win and the two losses

# Moves: rows of MV_SIZE ints (slot, x, y, z); slot MV_PASS = pass
MV_PASS = -1
MV_SLOT, MV_X, MV_Y, MV_Z = 0, 1, 2, 3
MV_SIZE = 4
MAX_MOVES = 1600

# Bots
BOTS = ("random", "greedy", "heuristic", "rollout", "search")
BOT_RANDOM, BOT_GREEDY, BOT_HEURISTIC, BOT_ROLLOUT = 0, 1, 2, 3
BOT_SEARCH = 4          # information-set MCTS (kernels/search.py) at every decision
WEIGHT_NAMES = ("threat", "distance", "guard", "veto", "suspicion", "escort", "block", "rollout_playouts",
                "rollout_candidates", "convert", "crowd", "duke_watch", "mark_patience", "search_iterations",
                "search_depth", "search_exploration", "search_widening", "protect_saves", "direction_lap",
                "castle_short_way", "mark_midround_patience", "castle_against_duke", "displacing", "cover",
                "redeal_signs")
W_THREAT, W_DISTANCE, W_GUARD, W_VETO, W_SUSPICION, W_ESCORT, W_BLOCK, W_ROLLOUT_PLAYOUTS, W_ROLLOUT_CANDIDATES = range(9)
W_CONVERT, W_CROWD = 9, 10
W_DUKE_WATCH = 11       # scenario 6 (heuristic only): keep the Keyring out of the duke's path
W_MARK_PATIENCE = 12    # (heuristic only) how much of the king's doubt the rest of the round may clear
W_SEARCH_ITER = 13      # search: iterations per decision
W_SEARCH_DEPTH = 14     # search: decisions a playout plays before the position value scores it
W_SEARCH_C = 15         # search: UCT's exploration constant
W_SEARCH_WIDEN = 16     # search: progressive widening (0: every option tried first)
W_PROTECT_SAVES = 17    # (heuristic only) a protect is worth what it saves: the seating lost were its target moved (0: +-0.03)
W_DIRECTION_LAP = 18    # (greedy and heuristic) scenarios 5 and 6: the host weighs where the round's lap leads (0: the one before him)
W_CASTLE_SHORT = 19     # (greedy and heuristic) scenario 6: 1 = the short way to the team's next step, 0 = the long way, 0.5 = neither
W_MARK_MIDROUND = 20    # (heuristic only) the share of mark_patience the king keeps once the round is under way
W_CASTLE_AGAINST = 21   # (greedy and heuristic) scenario 6: the host sends the scepter against the duke's walk
W_DISPLACING = 22       # (greedy and heuristic) scenario 4: what a maiden's-faction pick of a picked player's place costs
W_COVER = 23            # (heuristic only) scenario 1: a traitor move's public signs, by how they move the king's odds on its assassin
W_REDEAL_SIGNS = 24     # (rollout and search) scenario 1: the re-deal places each assassin by the public signs (0: evenly)
N_GREEDY_TERMS = 4      # the greedy weighs the first four terms 1 and the heuristic's own terms 0
MAX_CANDIDATES = 32     # most moves a rollout plays out

# Metrics per seat
METRICS = ("actions", "passes", "favors", "vetoes", "reactions", "marks", "converted", "estate", "guards")
M_ACTIONS, M_PASSES, M_FAVORS, M_VETOES, M_REACTIONS, M_MARKS = 0, 1, 2, 3, 4, 5
M_CONVERTED = 6     # scenario 4: 1 = the seat ended in the white maiden's faction, dealt to the queen's
M_ESTATE = 7        # scenario 5: estate points the seat earned
M_GUARDS = 8        # scenario 6: the guards on the tower at set-up (the difficulty dial the report sweeps)
N_METRICS = 9

# Event log codes (a..d)
EV_SETUP = 1        # seat: character a, faction b, secret c, place d
EV_ROUND = 2        # a round, b direction
EV_ACTION = 3       # seat acts: a slot, b x, c y, d z
EV_PASS = 4         # seat passes
EV_PLACE = 5        # seat now at place a (b = cause: 0 action, 1 displaced)
EV_MARK = 6         # king marks seat a for faction b
EV_FAVOR = 7        # seat asks a favor: a 1 = accepted
EV_REACT = 8        # seat reacts: a window kind, b x
EV_OBJECTIVE = 9    # a assassins (or the courier) next to the king (baron)
EV_END = 10         # a end reason
EV_REVEAL = 11      # seat's item a shown (b 1 = to all, else viewer c)
EV_BRIBE = 12       # spy seat bribes a, who shows item b
EV_JUDGMENT = 13    # seat's divine judgment: a 1 = crown
EV_SIT = 14         # seat a sits (b 1) or stands (b 0) by an action
EV_CONVERT = 15     # seat joins the white maiden's faction
EV_ESTATE = 16      # seat earns an estate point for portion a
EV_CLAIM = 17       # faction a claims portion b (c: 0 most points, 1 divine judgment, 2 initiative sums)
EV_DUKE = 18        # the duke steps to place a (b the seat he switches with, -1 none)
EV_GUARD = 19       # seat removes a guard: a left
EV_KEYRING = 20     # seat now carries the Keyring (a: 0 from the tower, 1 passed, 2 back to the tower)
EV_HOUND = 21       # the Hound to place a (-2 discarded), b the seat bitten (-1 none)
EV_GATE = 22        # seat enters the gatehouse
EV_SEARCH = 23      # seat searches: a 1 = found, b tokens left, c pendants spent on re-flips

# Scratch (Compiled.alloc_scratch) order
S_STATE, S_RNG, S_MOVES, S_IO, S_SEAT_BOTS, S_SIM, S_ODDS, S_TEAM = 0, 1, 2, 3, 4, 5, 6, 7
# the rollout bot's playouts (one-element rows unless a rollout bot plays)
S_RSTATE, S_RRNG, S_RMOVES, S_RSIM, S_RBOTS, S_RSCORE, S_RIO, S_RMET = 8, 9, 10, 11, 12, 13, 14, 15
# the search bot's tree (kernels/search.py alloc_tree) and its iterations' streams (a full tree
# per row only when a rollout or search bot plays; the iterations play in the rows above)
S_TREE, S_GAIN, S_WORK, S_REWARD, S_SRNG = 16, 17, 18, 19, 20
N_SCRATCH = 21
SIM_SIZE = 10 * MAXP    # S_SIM row: seating copy, moved flags, candidates (4 * MAXP), set-up order and pool (3 * MAXP)
TEAM_SIZE = 2 * MAXF + MAXP
