/* Uno dominoes (rules DO-1 to DO-11) in C: whole matches between built-in agents.
 *
 * A second implementation of src/unodice/variants/dominoes/rules.py, which stays the source of
 * truth: the same legal moves in the same order at every decision, the same chance drawn in the
 * same order (mt19937.h is random.Random as CPython runs it), so a match played here is the
 * match the Python engine plays from the same seeds. Every function below names the method of
 * rules.py (or of unodice.core.uno, kernel.py) it follows.
 *
 * Nothing here knows the tiles: the lookups of the tile set (the faces, which touching faces
 * each open face accepts, the ways to lay each tile, what each is worth) are handed in from
 * Python once per set (make_tables), and play_match plays one whole match with them.
 */
#define MAX_PLAYERS 6
#include "match.h"

#define COLOURS 4
#define MAX_FACES 64
#define MAX_LINES 255
#define NO_LAY 0xffff

/* What a touching face does (DO-4). */
#define EFFECT_NONE 0
#define EFFECT_R 1
#define EFFECT_S 2
#define EFFECT_D2 3
#define EFFECT_WD4 4

/* Phases (state.py). */
#define TURN 0
#define DRAWN 1
#define CHALLENGE 2
#define RESCUE 3
#define CATCHING 4
#define OVER 5

/* Moves, as 32-bit numbers: the kind in bits 0-3, the Uno call in bit 4, the declared colour
 * plus one in bits 5-7 (0: none), the open end (0: the spinner) in bits 8-15, the way to lay
 * (TileLookup's lay id) in bits 16-31. */
#define M_PLAY 0
#define M_DRAW 1
#define M_KEEP 2
#define M_PASS 3
#define M_CHALLENGE 4
#define M_ACCEPT 5
#define M_CATCH 6
#define M_DECLINE 7
#define MOVE(kind, lay, end, colour, uno)                                                      \
    ((uint32_t)(kind) | ((uint32_t)(uno) << 4) | ((uint32_t)((colour) + 1) << 5) |             \
     ((uint32_t)(end) << 8) | ((uint32_t)(lay) << 16))
#define WORD(kind) MOVE(kind, 0, 0, -1, 0)
#define MOVE_KIND(move) ((int)((move) & 15))
#define MOVE_UNO(move) ((int)(((move) >> 4) & 1))
#define MOVE_COLOUR(move) ((int)(((move) >> 5) & 7) - 1)
#define MOVE_END(move) ((int)(((move) >> 8) & 0xff))
#define MOVE_LAY(move) ((int)((move) >> 16))

/* -- the lookups of one tile set ---------------------------------------------------------- */

typedef struct {
    int faces, tiles, lays, max_lines;
    /* per face */
    uint8_t *symbol;  /* the symbol, numbered (equal symbols, equal numbers) */
    uint8_t *colour;  /* the colour's index in tuple(Colour), or 255 */
    uint8_t *wild;    /* W or WD4 */
    uint8_t *dead;    /* DE */
    uint8_t *effect;  /* EFFECT_* of the face as a touching end */
    uint8_t *points;  /* face_points (DO-7) */
    uint64_t *accepts; /* faces x 5: TileLookup.accepts(face, colour), colour None first */
    /* per tile */
    uint8_t *end0, *end1;  /* its faces */
    uint16_t *kind;        /* TileLookup.kinds */
    uint8_t *twin;         /* TileLookup.twins */
    uint16_t *points_of;   /* TileLookup.points */
    uint8_t *is_double;    /* TileLookup.doubles */
    int16_t *opening;      /* TileLookup.opening_numbers */
    uint8_t *double_wild;  /* is_double_wild */
    uint16_t *tile_lays;   /* tiles x 2: its ways to lay, NO_LAY for none */
    /* per lay */
    uint8_t *touching, *far; /* faces */
} Tables;

static const char TABLES_NAME[] = "unodice._native._dominoes.tables";

static void tables_free(Tables *t) {
    if (t == NULL) {
        return;
    }
    free(t->symbol);
    free(t->colour);
    free(t->wild);
    free(t->dead);
    free(t->effect);
    free(t->points);
    free(t->accepts);
    free(t->end0);
    free(t->end1);
    free(t->kind);
    free(t->twin);
    free(t->points_of);
    free(t->is_double);
    free(t->opening);
    free(t->double_wild);
    free(t->tile_lays);
    free(t->touching);
    free(t->far);
    free(t);
}

static void tables_capsule_free(PyObject *capsule) {
    tables_free((Tables *)PyCapsule_GetPointer(capsule, TABLES_NAME));
}

static PyObject *make_tables(PyObject *self, PyObject *args) {
    int faces, tiles, lays, max_lines;
    PyObject *symbol, *colour, *wild, *dead, *effect, *points, *accepts, *end0, *end1, *kind,
        *twin, *points_of, *is_double, *opening, *double_wild, *tile_lays, *touching, *far;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiiiSSSSSSSSSSSSSSSSSS", &faces, &tiles, &lays, &max_lines,
                          &symbol, &colour, &wild, &dead, &effect, &points, &accepts, &end0,
                          &end1, &kind, &twin, &points_of, &is_double, &opening, &double_wild,
                          &tile_lays, &touching, &far)) {
        return NULL;
    }
    if (faces < 1 || faces > MAX_FACES || tiles < 1 || tiles > 65535 || lays < 1 ||
        lays >= NO_LAY || max_lines < 4 || max_lines > MAX_LINES) {
        PyErr_SetString(PyExc_ValueError,
                        "make_tables: 1 to 64 faces, 1 to 65535 tiles, at most 255 lines");
        return NULL;
    }
    Tables *t = calloc(1, sizeof(Tables));
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    t->faces = faces;
    t->tiles = tiles;
    t->lays = lays;
    t->max_lines = max_lines;
    if ((t->symbol = copy_bytes(symbol, faces, "symbol")) == NULL ||
        (t->colour = copy_bytes(colour, faces, "colour")) == NULL ||
        (t->wild = copy_bytes(wild, faces, "wild")) == NULL ||
        (t->dead = copy_bytes(dead, faces, "dead")) == NULL ||
        (t->effect = copy_bytes(effect, faces, "effect")) == NULL ||
        (t->points = copy_bytes(points, faces, "points")) == NULL ||
        (t->accepts = copy_bytes(accepts, (Py_ssize_t)faces * 5 * 8, "accepts")) == NULL ||
        (t->end0 = copy_bytes(end0, tiles, "end0")) == NULL ||
        (t->end1 = copy_bytes(end1, tiles, "end1")) == NULL ||
        (t->kind = copy_bytes(kind, (Py_ssize_t)tiles * 2, "kind")) == NULL ||
        (t->twin = copy_bytes(twin, tiles, "twin")) == NULL ||
        (t->points_of = copy_bytes(points_of, (Py_ssize_t)tiles * 2, "points_of")) == NULL ||
        (t->is_double = copy_bytes(is_double, tiles, "is_double")) == NULL ||
        (t->opening = copy_bytes(opening, (Py_ssize_t)tiles * 2, "opening")) == NULL ||
        (t->double_wild = copy_bytes(double_wild, tiles, "double_wild")) == NULL ||
        (t->tile_lays = copy_bytes(tile_lays, (Py_ssize_t)tiles * 4, "tile_lays")) == NULL ||
        (t->touching = copy_bytes(touching, lays, "touching")) == NULL ||
        (t->far = copy_bytes(far, lays, "far")) == NULL) {
        tables_free(t);
        return NULL;
    }
    for (int i = 0; i < tiles; i++) {
        if (t->end0[i] >= faces || t->end1[i] >= faces || t->kind[i] >= tiles ||
            t->tile_lays[2 * i] >= lays ||
            (t->tile_lays[2 * i + 1] != NO_LAY && t->tile_lays[2 * i + 1] >= lays)) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "make_tables: a tile beyond the tables");
            return NULL;
        }
    }
    for (int i = 0; i < lays; i++) {
        if (t->touching[i] >= faces || t->far[i] >= faces) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "make_tables: a lay beyond the faces");
            return NULL;
        }
    }
    PyObject *capsule = PyCapsule_New(t, TABLES_NAME, tables_capsule_free);
    if (capsule == NULL) {
        tables_free(t);
    }
    return capsule;
}

/* -- one match ------------------------------------------------------------------------------ */

/* The open ends, each line's in three runs of the set's max_lines entries, held in one block
 * (lines_make) from accepts on; n of them are open. */
typedef struct {
    int n;
    uint64_t takeable; /* every touching face some open end accepts (Layout.takeable) */
    uint64_t *accepts;
    uint8_t *face;
    int8_t *colour;
} Lines;

/* Room for max_lines open ends, none open; 0, or -1. */
static int lines_make(Lines *l, int max_lines) {
    size_t lines = (size_t)max_lines;
    uint8_t *block = malloc(lines * (sizeof *l->accepts + sizeof *l->face + sizeof *l->colour));
    if (block == NULL) {
        return -1;
    }
    l->n = 0;
    l->takeable = 0;
    l->accepts = (uint64_t *)block;
    l->face = block + lines * sizeof *l->accepts;
    l->colour = (int8_t *)(l->face + lines);
    return 0;
}

static void lines_free(Lines *l) {
    free(l->accepts);
    l->accepts = NULL;
    l->face = NULL;
    l->colour = NULL;
}

/* The open ends of from, into to's room. */
static void lines_assign(Lines *to, const Lines *from) {
    size_t n = (size_t)from->n;
    to->n = from->n;
    to->takeable = from->takeable;
    memcpy(to->accepts, from->accepts, n * sizeof *to->accepts);
    memcpy(to->face, from->face, n * sizeof *to->face);
    memcpy(to->colour, from->colour, n * sizeof *to->colour);
}

typedef struct {
    MatchCore c;
    const Tables *t;
    /* options */
    int target, two_player_reverse_skips, penalty, hand_size, doubles_spin, must_play,
        take_back, any_opponent;
    /* the round (DominoesState) */
    uint16_t *bag;
    int bag_n;
    uint16_t *hand[MAX_PLAYERS];
    int hand_n[MAX_PLAYERS];
    Lines layout;
    int current, direction, reverse_skips;
    int to_act, phase, drawn, uno_debtor;
    int pending, pending_seat, pending_illegal, pending_tile;
    Lines before; /* the layout before the pending WD4 */
    int rescuers[MAX_PLAYERS];
    int n_rescuers;
    int closer, idle_turns, barred;
    int catchers[MAX_PLAYERS];
    int n_catchers;
    int resume;
    uint32_t *move_room; /* room for the legal moves of the decision at hand */
    uint32_t *seen;    /* per kind: the call of plays_from that saw it last */
    uint32_t seen_mark;
    /* the match (Game) */
    int round_over, round_winner;
    /* what a game stepped from Python shows (see State below): who opened the round with which
     * double, and the tile the latest play laid */
    int opener, spinner, laid;
} Match;

/* Seats.next_seat */
static inline int next_seat(Match *m, int steps, int seat) {
    return seat_mod(seat + m->direction * steps, m->c.players);
}

/* Chance.draw with Bag.take_at: the last tile moves into the place of the one drawn. */
static inline int bag_draw(Match *m) {
    int index = core_below(&m->c, m->bag_n);
    int tile = m->bag[index];
    m->bag[index] = m->bag[m->bag_n - 1];
    m->bag_n--;
    return tile;
}

static inline void hand_add(Match *m, int seat, int tile) {
    m->hand[seat][m->hand_n[seat]++] = (uint16_t)tile;
}

static inline void hand_remove(Match *m, int seat, int index) {
    uint16_t *hand = m->hand[seat];
    int n = m->hand_n[seat];
    memmove(hand + index, hand + index + 1, (size_t)(n - index - 1) * sizeof *hand);
    m->hand_n[seat] = n - 1;
}

/* _draw (draw_up_to into a hand): how many were drawn. */
static int draw_tiles(Match *m, int seat, int count) {
    int k = count < m->bag_n ? count : m->bag_n;
    for (int i = 0; i < k; i++) {
        hand_add(m, seat, bag_draw(m));
    }
    return k;
}

/* TileLookup.accepts(face, colour) */
static inline uint64_t accepts_of(const Tables *t, int face, int colour) {
    return t->accepts[face * 5 + colour + 1];
}

/* Layout._open_line */
static inline int open_line(Match *m, int face, int colour) {
    Lines *l = &m->layout;
    int index = l->n++;
    l->face[index] = (uint8_t)face;
    l->colour[index] = (int8_t)colour;
    l->accepts[index] = accepts_of(m->t, face, colour);
    l->takeable |= l->accepts[index];
    return index + 1;
}

/* The touching faces some open end accepts, worked out again after an end changed. */
static inline void file_takeable(Lines *l) {
    uint64_t takeable = 0;
    for (int i = 0; i < l->n; i++) {
        takeable |= l->accepts[i];
    }
    l->takeable = takeable;
}

/* Layout.all_closed */
static inline int all_closed(Match *m) {
    for (int i = 0; i < m->layout.n; i++) {
        if (!m->t->dead[m->layout.face[i]]) {
            return 0;
        }
    }
    return 1;
}

/* Layout.ends_taking(lay) != 0 */
static inline int taken_anywhere(Match *m, int touch) {
    return (m->layout.takeable >> touch) & 1;
}

/* make_plays: one per declared colour and Uno call, the call first. */
static inline int make_plays(const Tables *t, uint32_t *out, int n, int lay, int end,
                             int leaves_one) {
    if (t->wild[t->far[lay]]) {
        for (int colour = 0; colour < COLOURS; colour++) {
            if (leaves_one) {
                out[n++] = MOVE(M_PLAY, lay, end, colour, 1);
            }
            out[n++] = MOVE(M_PLAY, lay, end, colour, 0);
        }
    } else {
        if (leaves_one) {
            out[n++] = MOVE(M_PLAY, lay, end, -1, 1);
        }
        out[n++] = MOVE(M_PLAY, lay, end, -1, 0);
    }
    return n;
}

/* PlayLookup.plays_from: every way seat may lay any of tiles, each tile kind once. */
static int plays_from(Match *m, int seat, const uint16_t *tiles, int count, int leaves_one,
                      uint32_t *out, int n) {
    const Tables *t = m->t;
    int start = n;
    uint32_t mark = ++m->seen_mark;
    if (mark == 0) {
        memset(m->seen, 0, (size_t)t->tiles * sizeof *m->seen);
        mark = m->seen_mark = 1;
    }
    for (int i = 0; i < count; i++) {
        int tile = tiles[i];
        if (t->twin[tile]) {
            int kind = t->kind[tile];
            if (m->seen[kind] == mark) {
                continue;
            }
            m->seen[kind] = mark;
        }
        for (int w = 0; w < 2; w++) {
            int lay = t->tile_lays[2 * tile + w];
            if (lay == NO_LAY) {
                break;
            }
            uint64_t bit = (uint64_t)1 << t->touching[lay];
            if (!(m->layout.takeable & bit)) {
                continue;
            }
            for (int line = 0; line < m->layout.n; line++) {
                if (m->layout.accepts[line] & bit) {
                    n = make_plays(t, out, n, lay, line + 1, leaves_one);
                }
            }
        }
    }
    if (m->barred & (1 << seat)) {
        int kept = start;
        for (int i = start; i < n; i++) {
            if (t->effect[t->touching[MOVE_LAY(out[i])]] != EFFECT_WD4) {
                out[kept++] = out[i];
            }
        }
        n = kept;
    }
    return n;
}

/* Whether plays_from would offer anything. */
static inline int has_plays(Match *m, int seat, const uint16_t *tiles, int count) {
    const Tables *t = m->t;
    uint64_t takeable = m->layout.takeable;
    int barred = (m->barred >> seat) & 1;
    for (int i = 0; i < count; i++) {
        int tile = tiles[i];
        for (int w = 0; w < 2; w++) {
            int lay = t->tile_lays[2 * tile + w];
            if (lay == NO_LAY) {
                break;
            }
            int touch = t->touching[lay];
            if ((takeable >> touch) & 1 && !(barred && t->effect[touch] == EFFECT_WD4)) {
                return 1;
            }
        }
    }
    return 0;
}

/* PlayLookup.holds_other_play: a tile but the one at played whose tame touching end fits. */
static int holds_other_play(Match *m, int seat, int played) {
    const Tables *t = m->t;
    for (int i = 0; i < m->hand_n[seat]; i++) {
        if (i == played) {
            continue;
        }
        int tile = m->hand[seat][i];
        for (int w = 0; w < 2; w++) {
            int lay = t->tile_lays[2 * tile + w];
            if (lay == NO_LAY) {
                break;
            }
            if (!t->wild[t->touching[lay]] && taken_anywhere(m, t->touching[lay])) {
                return 1;
            }
        }
    }
    return 0;
}

static inline int may_catch(Match *m, int seat) {
    int debtor = m->uno_debtor;
    return debtor >= 0 && debtor != seat && m->hand_n[debtor] == 1;
}

static void begin_turn(Match *m, int seat);
static void end_round(Match *m, int winner);

/* _decide */
static inline void decide(Match *m, int seat, int phase) {
    m->phase = phase;
    m->to_act = seat;
    if (m->uno_debtor == seat) {
        m->uno_debtor = -1;
    }
}

/* _offer_drawn */
static int offer_drawn(Match *m, int seat, int tile) {
    uint16_t one = (uint16_t)tile;
    if (!has_plays(m, seat, &one, 1)) {
        return 0;
    }
    m->drawn = tile;
    decide(m, seat, DRAWN);
    return 1;
}

/* _blocked (DO-10) */
static void blocked(Match *m) {
    long long totals[MAX_PLAYERS];
    long long lowest = -1;
    for (int seat = 0; seat < m->c.players; seat++) {
        long long total = 0;
        for (int i = 0; i < m->hand_n[seat]; i++) {
            total += m->t->points_of[m->hand[seat][i]];
        }
        totals[seat] = total;
        if (lowest < 0 || total < lowest) {
            lowest = total;
        }
    }
    int holder = -1, holders = 0;
    for (int seat = 0; seat < m->c.players; seat++) {
        if (totals[seat] == lowest) {
            if (holders++ == 0) {
                holder = seat;
            }
        }
    }
    end_round(m, holders == 1 ? holder : -1);
}

/* _idle_pass with _count_idle_turn: 1 when the round is thereby blocked. */
static int idle_pass(Match *m) {
    if (m->bag_n) {
        return 0;
    }
    m->idle_turns++;
    if (m->idle_turns < m->c.players) {
        return 0;
    }
    blocked(m);
    return 1;
}

/* _begin_turn */
static void begin_turn(Match *m, int seat) {
    for (;;) {
        m->current = seat;
        if (m->uno_debtor == seat) {
            m->uno_debtor = -1;
        }
        if (has_plays(m, seat, m->hand[seat], m->hand_n[seat]) || may_catch(m, seat)) {
            m->phase = TURN;
            m->to_act = seat;
            return;
        }
        if (m->bag_n) {
            int tile = bag_draw(m);
            hand_add(m, seat, tile);
            if (offer_drawn(m, seat, tile)) {
                return;
            }
        } else if (idle_pass(m)) {
            return;
        }
        seat = next_seat(m, 1, seat);
    }
}

/* _end_round: the winner scores the other hands. */
static void end_round(Match *m, int winner) {
    if (winner >= 0) {
        long long won = 0;
        for (int seat = 0; seat < m->c.players; seat++) {
            if (seat == winner) {
                continue;
            }
            for (int i = 0; i < m->hand_n[seat]; i++) {
                won += m->t->points_of[m->hand[seat][i]];
            }
        }
        m->c.totals[winner] += won;
    }
    m->to_act = -1;
    m->phase = OVER;
    m->drawn = -1;
    m->uno_debtor = -1;
    m->round_over = 1;
    m->round_winner = winner;
}

/* _offer_rescue */
static void offer_rescue(Match *m) {
    if (m->n_rescuers) {
        int seat = m->rescuers[0];
        for (int i = 1; i < m->n_rescuers; i++) {
            m->rescuers[i - 1] = m->rescuers[i];
        }
        m->n_rescuers--;
        decide(m, seat, RESCUE);
        return;
    }
    end_round(m, m->closer);
}

/* _dead_end (DO-9) */
static void dead_end(Match *m, int closer) {
    m->closer = closer;
    m->n_rescuers = 0;
    for (int step = 1; step <= m->c.players; step++) {
        int seat = next_seat(m, step, closer);
        for (int i = 0; i < m->hand_n[seat]; i++) {
            if (m->t->double_wild[m->hand[seat][i]]) {
                m->rescuers[m->n_rescuers++] = seat;
                break;
            }
        }
    }
    offer_rescue(m);
}

/* play_on */
static void play_on(Match *m, int seat, int next) {
    m->idle_turns = 0;
    m->barred = 0;
    if (all_closed(m)) {
        dead_end(m, seat);
    } else {
        begin_turn(m, next);
    }
}

/* uno.command_effect: how many seats the turn skips. */
static int command_effect(Match *m, int seat, int effect) {
    switch (effect) {
    case EFFECT_D2:
        draw_tiles(m, next_seat(m, 1, seat), 2);
        return 1;
    case EFFECT_S:
        return 1;
    case EFFECT_R:
        if (m->reverse_skips) {
            return 1;
        }
        m->direction = -m->direction;
        return 0;
    default:
        return 0;
    }
}

/* _play (DO-3, DO-4) */
static void play(Match *m, int seat, uint32_t move) {
    const Tables *t = m->t;
    int lay = MOVE_LAY(move), end = MOVE_END(move), colour = MOVE_COLOUR(move);
    int uno = MOVE_UNO(move);
    uint16_t *hand = m->hand[seat];
    int n = m->hand_n[seat];
    int index = -1;
    if (m->phase == DRAWN) {
        for (index = n - 1; index >= 0 && hand[index] != m->drawn; index--) {
        }
    } else {
        for (index = 0; index < n; index++) {
            int tile = hand[index];
            if (t->tile_lays[2 * tile] == lay || t->tile_lays[2 * tile + 1] == lay) {
                break;
            }
        }
    }
    int tile = hand[index];
    m->laid = tile;
    m->drawn = -1;
    int touch = t->touching[lay], far = t->far[lay];
    int pending = 0;
    if (t->effect[touch] == EFFECT_WD4 && n > 1) {
        m->pending_illegal = holds_other_play(m, seat, index);
        m->pending_tile = tile;
        lines_assign(&m->before, &m->layout);
        pending = 1;
    }
    hand_remove(m, seat, index);
    n--;
    /* Layout.extend */
    int line = end - 1;
    m->layout.face[line] = (uint8_t)far;
    m->layout.colour[line] = (int8_t)colour;
    m->layout.accepts[line] = accepts_of(t, far, colour);
    file_takeable(&m->layout);
    if (m->doubles_spin && t->is_double[tile]) {
        open_line(m, far, colour);
        open_line(m, far, colour);
    }
    if (!uno && n == 1) { /* uno.uno_missed */
        m->uno_debtor = seat;
    }
    if (n == 0) {
        /* _go_out with uno.final_draw */
        if (t->effect[touch] == EFFECT_D2) {
            draw_tiles(m, next_seat(m, 1, seat), 2);
        } else if (t->effect[touch] == EFFECT_WD4) {
            draw_tiles(m, next_seat(m, 1, seat), 4);
        }
        end_round(m, seat);
    } else if (pending) {
        m->pending = 1;
        m->pending_seat = seat;
        decide(m, next_seat(m, 1, seat), CHALLENGE);
    } else {
        int effect = t->effect[touch];
        int skip = (effect == EFFECT_R || effect == EFFECT_S || effect == EFFECT_D2)
                       ? command_effect(m, seat, effect)
                       : 0;
        play_on(m, seat, next_seat(m, 1 + skip, seat));
    }
}

/* _rescue (DO-9) */
static void rescue(Match *m, int seat, uint32_t move) {
    const Tables *t = m->t;
    int index = 0;
    while (!t->double_wild[m->hand[seat][index]]) {
        index++;
    }
    int tile = m->hand[seat][index];
    m->laid = tile;
    hand_remove(m, seat, index);
    m->n_rescuers = 0;
    open_line(m, t->end1[tile], MOVE_COLOUR(move));
    if (!MOVE_UNO(move) && m->hand_n[seat] == 1) {
        m->uno_debtor = seat;
    }
    if (m->hand_n[seat] == 0) {
        end_round(m, seat);
    } else {
        play_on(m, seat, next_seat(m, 1, seat));
    }
}

/* _ask_catchers (DO-6, catch_by "any-opponent") with uno.catchers */
static void ask_catchers(Match *m) {
    int actor = m->to_act, debtor = m->uno_debtor;
    if (actor < 0 || !may_catch(m, actor)) {
        return;
    }
    int asked[MAX_PLAYERS];
    int n = 0;
    for (int i = 1; i < m->c.players; i++) {
        int other = seat_mod(debtor + m->direction * i, m->c.players);
        if (other != actor && other != debtor) {
            asked[n++] = other;
        }
    }
    asked[n++] = actor;
    if (n == 1) {
        return;
    }
    m->resume = m->phase;
    m->n_catchers = n - 1;
    for (int i = 1; i < n; i++) {
        m->catchers[i - 1] = asked[i];
    }
    m->phase = CATCHING;
    m->to_act = asked[0];
}

/* _answer_catch */
static void answer_catch(Match *m, int caught) {
    if (!caught && m->n_catchers > 1) {
        m->to_act = m->catchers[0];
        for (int i = 1; i < m->n_catchers; i++) {
            m->catchers[i - 1] = m->catchers[i];
        }
        m->n_catchers--;
        return;
    }
    int actor = m->catchers[m->n_catchers - 1], phase = m->resume;
    m->n_catchers = 0;
    m->resume = TURN;
    m->phase = phase;
    m->to_act = actor;
    if (caught) {
        int debtor = m->uno_debtor;
        m->uno_debtor = -1;
        draw_tiles(m, debtor, 2);
        if (phase == TURN) {
            begin_turn(m, actor);
        }
    }
}

/* uno.answer_wild_draw_four with the UnoRules methods of rules.py */
static void answer(Match *m, int victim, int challenged) {
    int offender = m->pending_seat;
    if (challenged && m->pending_illegal) {
        if (!m->take_back) {
            m->pending = 0;
            draw_tiles(m, offender, 4);
            play_on(m, offender, victim);
            return;
        }
        lines_assign(&m->layout, &m->before); /* take_back */
        hand_add(m, offender, m->pending_tile);
        int drew = draw_tiles(m, offender, 4);
        m->pending = 0; /* after_take_back */
        if (!drew) {
            m->barred |= 1 << offender;
        }
        m->idle_turns = 0;
        begin_turn(m, victim);
        return;
    }
    int count = challenged ? 4 + m->penalty : 4;
    m->pending = 0;
    draw_tiles(m, victim, count);
    play_on(m, offender, next_seat(m, 1, victim));
}

/* apply */
static void apply(Match *m, uint32_t move) {
    int seat = m->to_act;
    int kind = MOVE_KIND(move);
    if (m->phase == CATCHING) {
        answer_catch(m, kind == M_CATCH);
        return;
    }
    int debtor = m->uno_debtor;
    m->uno_debtor = -1;
    switch (kind) {
    case M_PLAY:
        if (MOVE_END(move) == 0) {
            rescue(m, seat, move);
        } else {
            play(m, seat, move);
        }
        if (m->any_opponent) {
            ask_catchers(m);
        }
        break;
    case M_CATCH:
        draw_tiles(m, debtor, 2);
        if (m->phase == TURN) {
            begin_turn(m, seat);
        }
        break;
    case M_DRAW: {
        int tile = bag_draw(m);
        hand_add(m, seat, tile);
        if (!offer_drawn(m, seat, tile)) {
            begin_turn(m, next_seat(m, 1, seat));
        }
        break;
    }
    case M_KEEP:
        m->drawn = -1;
        begin_turn(m, next_seat(m, 1, seat));
        break;
    case M_PASS:
        if (!idle_pass(m)) {
            begin_turn(m, next_seat(m, 1, seat));
        }
        break;
    case M_ACCEPT:
        answer(m, seat, 0);
        break;
    case M_CHALLENGE:
        answer(m, seat, 1);
        break;
    case M_DECLINE:
        offer_rescue(m);
        break;
    }
}

/* -- legal moves ---------------------------------------------------------------------------- */

static int legal_moves(Match *m, uint32_t *out) {
    int seat = m->to_act;
    int n = 0;
    if (m->phase == CATCHING) {
        out[n++] = WORD(M_CATCH);
        out[n++] = WORD(M_DECLINE);
        return n;
    }
    if (m->phase == OVER) {
        return 0;
    }
    int catch = may_catch(m, seat);
    int leaves_one = m->hand_n[seat] == 2;
    switch (m->phase) {
    case TURN: {
        if (catch) {
            out[n++] = WORD(M_CATCH);
        }
        int before = n;
        n = plays_from(m, seat, m->hand[seat], m->hand_n[seat], leaves_one, out, n);
        if (m->bag_n) {
            out[n++] = WORD(M_DRAW);
        } else if (catch && n == before) {
            out[n++] = WORD(M_PASS);
        }
        return n;
    }
    case DRAWN: {
        uint16_t one = (uint16_t)m->drawn;
        n = plays_from(m, seat, &one, 1, leaves_one, out, n);
        if (!m->must_play) {
            out[n++] = WORD(M_KEEP);
        }
        return n;
    }
    case CHALLENGE:
        if (catch) {
            out[n++] = WORD(M_CATCH);
        }
        out[n++] = WORD(M_ACCEPT);
        out[n++] = WORD(M_CHALLENGE);
        return n;
    case RESCUE: {
        if (catch) {
            out[n++] = WORD(M_CATCH);
        }
        int index = 0;
        while (!m->t->double_wild[m->hand[seat][index]]) {
            index++;
        }
        int lay = m->t->tile_lays[2 * m->hand[seat][index]];
        n = make_plays(m->t, out, n, lay, 0, leaves_one);
        out[n++] = WORD(M_DECLINE);
        return n;
    }
    default:
        return 0;
    }
}

/* -- agents --------------------------------------------------------------------------------- */

/* rules.py's gain(), doubled so that it is a whole number. */
static int gain2(Match *m, uint32_t move) {
    switch (MOVE_KIND(move)) {
    case M_PLAY: {
        int lay = MOVE_LAY(move);
        return 2 * (m->t->points[m->t->touching[lay]] + m->t->points[m->t->far[lay]]) +
               MOVE_UNO(move);
    }
    case M_CATCH:
        return 20;
    case M_DRAW:
        return -2;
    default:
        return 0;
    }
}

/* DominoesHeuristic._score: a tuple of up to seven numbers, compared as Python compares
 * tuples. */
typedef struct {
    int length;
    double item[7];
} Score;

static int score_above(const Score *a, const Score *b) {
    int n = a->length < b->length ? a->length : b->length;
    for (int i = 0; i < n; i++) {
        if (a->item[i] != b->item[i]) {
            return a->item[i] > b->item[i];
        }
    }
    return a->length > b->length;
}

/* agents._fits: whether face could touch an open end showing far (declared colour). */
static inline int heuristic_fits(const Tables *t, int face, int far, int colour) {
    if (t->dead[far]) {
        return 0;
    }
    int shown = t->colour[far] != 255 ? t->colour[far] : colour;
    int face_colour = t->colour[face] != 255 ? t->colour[face] : -1;
    return t->wild[face] || face_colour == shown || t->symbol[face] == t->symbol[far];
}

static void heuristic_score(Match *m, uint32_t move, int tame_play, Score *score) {
    const Tables *t = m->t;
    int kind = MOVE_KIND(move);
    if (kind == M_CATCH) {
        score->length = 1;
        score->item[0] = 4.0;
        return;
    }
    if (kind != M_PLAY) {
        score->length = 1;
        score->item[0] = kind == M_DRAW ? -1.0 : 0.0;
        return;
    }
    int seat = m->to_act;
    int next = seat_mod(seat + m->direction, m->c.players);
    int threatened = m->hand_n[next] <= 2;
    int lay = MOVE_LAY(move);
    int touching = t->touching[lay], far = t->far[lay];
    int colour = MOVE_COLOUR(move);
    const uint16_t *hand = m->hand[seat];
    int n = m->hand_n[seat];
    int attack = 0;
    int effect = t->effect[touching];
    if (threatened && (effect == EFFECT_D2 || effect == EFFECT_S || effect == EFFECT_WD4 ||
                       (effect == EFFECT_R && m->c.players == 2) || t->dead[far])) {
        attack = 1;
    }
    int wild = t->wild[touching] || t->wild[far];
    int skip = -1;
    for (int i = 0; i < n; i++) {
        int a = t->end0[hand[i]], b = t->end1[hand[i]];
        if ((a == touching && b == far) || (a == far && b == touching)) {
            skip = i;
            break;
        }
    }
    int open_for_me = 0, shown = 0;
    for (int i = 0; i < n; i++) {
        if (i == skip) {
            continue;
        }
        int a = t->end0[hand[i]], b = t->end1[hand[i]];
        if (heuristic_fits(t, a, far, colour) || heuristic_fits(t, b, far, colour)) {
            open_for_me++;
        }
        if (colour >= 0) {
            shown += (t->colour[a] == colour) + (t->colour[b] == colour);
        }
    }
    double declare = 0.0;
    if (t->wild[far] && colour >= 0) {
        declare = shown * 0.1;
    }
    score->length = 7;
    score->item[0] = 1.0;
    score->item[1] = n == 1 ? 1.0 : 0.0;
    score->item[2] = MOVE_UNO(move) ? 1.0 : 0.0;
    score->item[3] = attack ? 1.0 : 0.0;
    score->item[4] = wild && tame_play ? -1.0 : 0.0;
    score->item[5] = (double)open_for_me + declare;
    score->item[6] = gain2(m, move) / 2.0;
}

/* DominoesHeuristic.choose */
static int heuristic_choose(Match *m, const uint32_t *moves, int count) {
    const Tables *t = m->t;
    if (m->phase == CHALLENGE) {
        int offender = m->pending_seat;
        uint32_t wanted = (!m->penalty || m->hand_n[offender] >= 3) ? WORD(M_CHALLENGE)
                                                                     : WORD(M_ACCEPT);
        for (int i = 0; i < count; i++) {
            if (moves[i] == wanted) {
                return i;
            }
        }
    }
    int tame_play = 0;
    for (int i = 0; i < count; i++) {
        if (MOVE_KIND(moves[i]) == M_PLAY) {
            int lay = MOVE_LAY(moves[i]);
            if (!t->wild[t->touching[lay]] && !t->wild[t->far[lay]]) {
                tame_play = 1;
                break;
            }
        }
    }
    Score best_score, score;
    int best = 0;
    heuristic_score(m, moves[0], tame_play, &best_score);
    for (int i = 1; i < count; i++) {
        heuristic_score(m, moves[i], tame_play, &score);
        if (score_above(&score, &best_score)) {
            best = i;
            best_score = score;
        }
    }
    return best;
}

static int choose(Match *m, const uint32_t *moves, int count) {
    int seat = m->to_act;
    if (m->c.agent_kind[seat] == AGENT_HEURISTIC) {
        return heuristic_choose(m, moves, count);
    }
    if (m->c.agent_kind[seat] == AGENT_GREEDY) {
        int best = 0, best_gain = gain2(m, moves[0]);
        for (int i = 1; i < count; i++) {
            int g = gain2(m, moves[i]);
            if (g > best_gain) {
                best = i;
                best_gain = g;
            }
        }
        return best;
    }
    return (int)mt_below(&m->c.agent_rng[seat], (uint32_t)count);
}

/* -- the match ------------------------------------------------------------------------------ */

/* start_round (DO-1) with _find_opening_double */
static void start_round(Match *m) {
    const Tables *t = m->t;
    for (int tile = 0; tile < t->tiles; tile++) {
        m->bag[tile] = (uint16_t)tile;
    }
    m->bag_n = t->tiles;
    m->layout.n = 0;
    m->layout.takeable = 0;
    m->current = 0;
    m->direction = 1;
    m->reverse_skips = m->c.players == 2 && m->two_player_reverse_skips;
    m->to_act = -1;
    m->phase = TURN;
    m->drawn = -1;
    m->uno_debtor = -1;
    m->pending = 0;
    m->n_rescuers = 0;
    m->closer = -1;
    m->idle_turns = 0;
    m->barred = 0;
    m->n_catchers = 0;
    m->resume = TURN;
    m->round_over = 0;
    m->round_winner = -1;
    for (int seat = 0; seat < m->c.players; seat++) {
        m->hand_n[seat] = 0;
        draw_tiles(m, seat, m->hand_size);
    }
    int opener = -1, index = -1, highest = -1;
    for (int seat = 0; seat < m->c.players; seat++) {
        for (int i = 0; i < m->hand_n[seat]; i++) {
            if (t->opening[m->hand[seat][i]] > highest) {
                opener = seat;
                index = i;
                highest = t->opening[m->hand[seat][i]];
            }
        }
    }
    if (opener < 0) {
        int seat = 0;
        for (;;) {
            int tile = bag_draw(m);
            hand_add(m, seat, tile);
            if (t->opening[tile] >= 0) {
                opener = seat;
                index = m->hand_n[seat] - 1;
                break;
            }
            seat = next_seat(m, 1, seat);
        }
    }
    int double_tile = m->hand[opener][index];
    m->opener = opener;
    m->spinner = double_tile;
    hand_remove(m, opener, index);
    for (int i = 0; i < 4; i++) {
        open_line(m, t->end0[double_tile], -1);
    }
    begin_turn(m, next_seat(m, 1, opener));
}

static int match_over(Match *m) { return core_best(&m->c) >= m->target; }

/* Returns END_OVER, END_DECISIONS, END_STUCK (out of rounds), or -1 out of memory. */
static int run_match(Match *m) {
    uint32_t *moves = m->move_room;
    m->c.round = 0;
    for (;;) {
        m->c.round++;
        if (m->c.round > 10000000L) {
            return END_STUCK;
        }
        start_round(m);
        while (!m->round_over) {
            if (core_out_of_decisions(&m->c)) {
                return END_DECISIONS;
            }
            int count = legal_moves(m, moves);
            int index = choose(m, moves, count);
            core_decided(&m->c, m->to_act, moves, count, index);
            apply(m, moves[index]);
            if (m->c.failed) {
                return -1;
            }
        }
        if (m->c.failed) {
            return -1;
        }
        if (match_over(m)) {
            return END_OVER;
        }
    }
}

/* What a match holds, freed (not the match itself). */
static void match_free(Match *m) {
    free(m->move_room);
    free(m->bag);
    free(m->seen);
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        free(m->hand[seat]);
    }
    lines_free(&m->layout);
    lines_free(&m->before);
    core_free(&m->c);
}

/* A match made by match_new, freed with all it holds. */
static void match_delete(Match *m) {
    if (m != NULL) {
        match_free(m);
        free(m);
    }
}

/* A match of the setup play_match and play_many are given, ready to be seeded and run; NULL
 * with an error set. */
static Match *match_new(PyObject *args, PyObject *kwargs, const char *seed_name, PyObject **seed,
                        PyObject **agent_seeds) {
    char *keywords[] = {"tables",
                        "players",
                        (char *)seed_name,
                        "agent_seeds",
                        "agents",
                        "target",
                        "two_player_reverse_skips",
                        "failed_challenge_penalty",
                        "hand_size",
                        "all_doubles_spin",
                        "must_play",
                        "take_back",
                        "any_opponent",
                        "max_decisions",
                        "detail",
                        NULL};
    PyObject *capsule;
    const char *agents;
    Py_ssize_t agents_length;
    int players, target, reverse_skips, penalty, hand_size, doubles_spin, must_play, take_back,
        any_opponent;
    int detail = 0;
    long long max_decisions;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOOy#ipiippppL|i", keywords, &capsule,
                                     &players, seed, agent_seeds, &agents, &agents_length,
                                     &target, &reverse_skips, &penalty, &hand_size,
                                     &doubles_spin, &must_play, &take_back, &any_opponent,
                                     &max_decisions, &detail)) {
        return NULL;
    }
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (t == NULL) {
        return NULL;
    }
    Match *m = calloc(1, sizeof(Match));
    if (m == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (core_agents(&m->c, players, agents, agents_length) < 0) {
        match_delete(m);
        return NULL;
    }
    if (hand_size < 1 || (long long)players * hand_size > t->tiles) {
        PyErr_SetString(PyExc_ValueError, "too few tiles to deal the hands");
        match_delete(m);
        return NULL;
    }
    m->t = t;
    m->target = target;
    m->two_player_reverse_skips = reverse_skips;
    m->penalty = penalty;
    m->hand_size = hand_size;
    m->doubles_spin = doubles_spin;
    m->must_play = must_play;
    m->take_back = take_back;
    m->any_opponent = any_opponent;
    m->c.max_decisions = max_decisions;
    m->c.detail = detail;
    m->c.number_size = sizeof(uint32_t);
    m->c.move_size = sizeof(uint32_t);
    /* Room for every legal move: a catch, 8 plays per way to lay and open end, a word. */
    size_t room = (size_t)t->tiles * 2 * (size_t)t->max_lines * 8 + 8;
    m->move_room = malloc(room * sizeof *m->move_room);
    m->seen = calloc((size_t)t->tiles, sizeof *m->seen);
    m->bag = malloc((size_t)t->tiles * sizeof *m->bag);
    int lacking = m->move_room == NULL || m->seen == NULL || m->bag == NULL ||
                  lines_make(&m->layout, t->max_lines) < 0 ||
                  lines_make(&m->before, t->max_lines) < 0;
    for (int seat = 0; seat < players; seat++) {
        m->hand[seat] = malloc((size_t)t->tiles * sizeof *m->hand[seat]);
        lacking |= m->hand[seat] == NULL;
    }
    if (lacking) {
        PyErr_NoMemory();
        match_delete(m);
        return NULL;
    }
    return m;
}

static const char *const ENDS[] = {"over", "decisions", "rounds"};

static PyObject *play_match(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *seed, *agent_seeds;
    (void)self;
    Match *m = match_new(args, kwargs, "seed", &seed, &agent_seeds);
    if (m == NULL) {
        return NULL;
    }
    PyObject *result = NULL;
    if (core_seed(&m->c, seed, agent_seeds) == 0) {
        int outcome;
        Py_BEGIN_ALLOW_THREADS
        outcome = run_match(m);
        Py_END_ALLOW_THREADS
        result = outcome < 0 ? PyErr_NoMemory() : core_result(&m->c, outcome, ENDS);
    }
    match_delete(m);
    return result;
}

static int run_any(void *m) { return run_match((Match *)m); }

static PyObject *play_many(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *seeds, *agent_seeds;
    (void)self;
    Match *m = match_new(args, kwargs, "seeds", &seeds, &agent_seeds);
    if (m == NULL) {
        return NULL;
    }
    PyObject *result = core_play_many(&m->c, m, run_any, seeds, agent_seeds);
    match_delete(m);
    return result;
}

/* -- a game stepped from Python -------------------------------------------------------------- */

/* A State is one match played a decision at a time from Python (the public API of a game on
 * native rules): legal moves as the Python move objects of their codes, a move carried out by
 * the same apply() as whole matches use, then the match goes on as run_match does (the next
 * round dealt, the match ended). Beside the engine's state it keeps what the engine does not
 * need and a seat's view shows: the tiles on the table in the order laid, each line's origin,
 * and the tiles every seat saw go back into a hand (DominoesState.revealed). It keeps the codes
 * of the moves played and every chance outcome, so that Python can rebuild the game's events by
 * replaying them in its own engine. Nothing of it is reachable from the objects it hands out
 * (moves, views' data). */

typedef struct {
    uint8_t seat, line;
    int8_t colour;
    uint8_t touching, far;
    uint16_t tile;
} Laid;

typedef struct {
    PyObject_HEAD
    Match m;
    PyObject *tables;    /* the capsule of the Tables m.t points to */
    PyObject *objects;   /* a list: the move object of each move's index (None until made) */
    PyObject *decode;    /* decode(code): the move object of a code, to fill objects */
    PyObject *tiles;     /* a tuple: the Domino of each tile id */
    PyObject *faces;     /* a tuple: the Face of each face number */
    PyObject *colours;   /* a tuple: the four Colours, in the engine's order */
    PyObject *phases;    /* a tuple: the name of each phase */
    PyObject *placement; /* Placement(seat, tile, touching, far, line, colour) */
    PyObject *open_end;  /* open_end(id, face, colour, origin) */
    PyObject *legal;     /* the legal moves now, as a tuple of move objects, or NULL */
    int legal_n;
    int over;
    Buffer history; /* the codes of the moves played, uint32 each */
    uint32_t *legal_codes;
    size_t room; /* legal_codes' length */
    uint8_t origin[MAX_LINES];
    Laid *laid; /* the tiles on the table, in the order laid (the spinner first) */
    PyObject **laid_objects; /* the Placement of each, once made */
    int laid_n;
    uint8_t *revealed; /* per tile id */
    PyObject *layout_tuple; /* the Placements as a tuple, once made for the layout as it is */
    PyObject *ends_tuple;   /* the OpenEnds, once made for the layout as it is */
} StateObject;

static PyTypeObject StateType;

/* The index in objects of a move code: plays by (lay, end, colour, call), then the words. */
static Py_ssize_t object_index(const Tables *t, uint32_t code) {
    Py_ssize_t plays = (Py_ssize_t)t->lays * (t->max_lines + 1) * 10;
    int kind = MOVE_KIND(code);
    if (kind) {
        return plays + kind;
    }
    return (((Py_ssize_t)MOVE_LAY(code) * (t->max_lines + 1) + MOVE_END(code)) * 5 +
            MOVE_COLOUR(code) + 1) *
               2 +
           MOVE_UNO(code);
}

static void state_forget_layout(StateObject *s) {
    Py_CLEAR(s->layout_tuple);
    Py_CLEAR(s->ends_tuple);
}

static void state_drop_laid(StateObject *s, int keep) {
    for (int i = keep; i < s->laid_n; i++) {
        Py_CLEAR(s->laid_objects[i]);
    }
    if (keep < s->laid_n) {
        s->laid_n = keep;
    }
}

static void state_dealloc(StateObject *s) {
    state_drop_laid(s, 0);
    match_free(&s->m);
    free(s->history.data);
    free(s->legal_codes);
    free(s->laid);
    free(s->laid_objects);
    free(s->revealed);
    Py_XDECREF(s->tables);
    Py_XDECREF(s->objects);
    Py_XDECREF(s->decode);
    Py_XDECREF(s->tiles);
    Py_XDECREF(s->faces);
    Py_XDECREF(s->colours);
    Py_XDECREF(s->phases);
    Py_XDECREF(s->placement);
    Py_XDECREF(s->open_end);
    Py_XDECREF(s->legal);
    Py_XDECREF(s->layout_tuple);
    Py_XDECREF(s->ends_tuple);
    PyObject_Free(s);
}

/* Room for the round's tiles and what the State keeps; 0, or -1 with MemoryError set. */
static int state_allocate(StateObject *s) {
    Match *m = &s->m;
    size_t tiles = (size_t)m->t->tiles;
    m->bag = malloc(tiles * sizeof *m->bag);
    m->seen = calloc(tiles, sizeof *m->seen);
    s->laid = malloc((tiles + 1) * sizeof *s->laid);
    s->laid_objects = calloc(tiles + 1, sizeof *s->laid_objects);
    s->revealed = calloc(tiles, 1);
    if (m->bag == NULL || m->seen == NULL || s->laid == NULL || s->laid_objects == NULL ||
        s->revealed == NULL || lines_make(&m->layout, m->t->max_lines) < 0 ||
        lines_make(&m->before, m->t->max_lines) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        m->hand[seat] = malloc(tiles * sizeof *m->hand[seat]);
        if (m->hand[seat] == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* A round was dealt: the spinner alone on the table, its four lines, nothing revealed. */
static void state_new_round(StateObject *s) {
    Match *m = &s->m;
    const Tables *t = m->t;
    state_drop_laid(s, 0);
    state_forget_layout(s);
    int face = t->end0[m->spinner];
    s->laid[0] = (Laid){(uint8_t)m->opener, 0, -1, (uint8_t)face, (uint8_t)face,
                        (uint16_t)m->spinner};
    s->laid_n = 1;
    memset(s->origin, 0, sizeof s->origin);
    memset(s->revealed, 0, (size_t)t->tiles);
}

/* Game._settle: close a finished round, deal the next one or end the match (as run_match). */
static void state_settle(StateObject *s) {
    Match *m = &s->m;
    while (m->round_over) {
        if (match_over(m)) {
            s->over = 1;
            return;
        }
        m->c.round++;
        start_round(m);
        state_new_round(s);
    }
}

static StateObject *state_new_object(void) {
    StateObject *s = PyObject_New(StateObject, &StateType);
    if (s == NULL) {
        return NULL;
    }
    memset(&s->m, 0, sizeof s->m);
    memset(&s->history, 0, sizeof s->history);
    s->tables = s->objects = s->decode = s->tiles = s->faces = s->colours = s->phases = NULL;
    s->placement = s->open_end = s->legal = s->layout_tuple = s->ends_tuple = NULL;
    s->legal_n = s->over = s->laid_n = 0;
    s->legal_codes = NULL;
    s->room = 0;
    s->laid = NULL;
    s->laid_objects = NULL;
    s->revealed = NULL;
    memset(s->origin, 0, sizeof s->origin);
    return s;
}

static PyObject *new_state(PyObject *self, PyObject *args) {
    PyObject *capsule, *seed, *objects, *decode, *tiles, *faces, *colours, *phases, *placement,
        *open_end_maker;
    int players, target, reverse_skips, penalty, hand_size, doubles_spin, must_play, take_back,
        any_opponent;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiO(ipiipppp)O!OO!O!O!O!OO", &capsule, &players, &seed, &target,
                          &reverse_skips, &penalty, &hand_size, &doubles_spin, &must_play,
                          &take_back, &any_opponent, &PyList_Type, &objects, &decode,
                          &PyTuple_Type, &tiles, &PyTuple_Type, &faces, &PyTuple_Type, &colours,
                          &PyTuple_Type, &phases, &placement, &open_end_maker)) {
        return NULL;
    }
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (t == NULL) {
        return NULL;
    }
    if (players < 2 || players > MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "2 to 6 players");
        return NULL;
    }
    if (hand_size < 1 || (long long)players * hand_size > t->tiles) {
        PyErr_SetString(PyExc_ValueError, "too few tiles to deal the hands");
        return NULL;
    }
    if (PyList_GET_SIZE(objects) != (Py_ssize_t)t->lays * (t->max_lines + 1) * 10 + 8 ||
        PyTuple_GET_SIZE(tiles) != t->tiles || PyTuple_GET_SIZE(faces) != t->faces ||
        PyTuple_GET_SIZE(colours) != COLOURS || PyTuple_GET_SIZE(phases) != OVER + 1) {
        PyErr_SetString(PyExc_ValueError,
                        "new_state: a place per move (lays x (max_lines + 1) x 10 + 8), a tile "
                        "per tile, a face per face, four colours and six phases");
        return NULL;
    }
    StateObject *s = state_new_object();
    if (s == NULL) {
        return NULL;
    }
    s->tables = Py_NewRef(capsule);
    s->objects = Py_NewRef(objects);
    s->decode = Py_NewRef(decode);
    s->tiles = Py_NewRef(tiles);
    s->faces = Py_NewRef(faces);
    s->colours = Py_NewRef(colours);
    s->phases = Py_NewRef(phases);
    s->placement = Py_NewRef(placement);
    s->open_end = Py_NewRef(open_end_maker);
    Match *m = &s->m;
    m->t = t;
    m->c.players = players;
    m->target = target;
    m->two_player_reverse_skips = reverse_skips;
    m->penalty = penalty;
    m->hand_size = hand_size;
    m->doubles_spin = doubles_spin;
    m->must_play = must_play;
    m->take_back = take_back;
    m->any_opponent = any_opponent;
    m->c.detail = 1; /* keep every chance outcome */
    if (seed_from(seed, &m->c.chance) < 0 || state_allocate(s) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    m->c.round = 1;
    start_round(m);
    state_new_round(s);
    state_settle(s);
    if (m->c.failed) {
        Py_DECREF(s);
        return PyErr_NoMemory();
    }
    return (PyObject *)s;
}

/* The move object of a code, made (by decode) the first time any game of the set needs it. */
static PyObject *state_object(StateObject *s, uint32_t code) {
    Py_ssize_t index = object_index(s->m.t, code);
    if (index < 0 || index >= PyList_GET_SIZE(s->objects)) {
        return PyErr_Format(PyExc_SystemError, "no room for the move code %lu",
                            (unsigned long)code);
    }
    PyObject *object = PyList_GET_ITEM(s->objects, index);
    if (object != Py_None) {
        return object;
    }
    object = PyObject_CallFunction(s->decode, "k", (unsigned long)code);
    if (object == NULL) {
        return NULL;
    }
    PyList_SetItem(s->objects, index, object); /* steals; the list keeps it alive */
    return object;
}

/* The legal moves' codes now, in s->legal_codes: how many, or -1 with MemoryError set. */
static int state_legal_codes_now(StateObject *s) {
    Match *m = &s->m;
    int seat = m->to_act;
    /* Room for every legal move: a catch, 8 plays per way to lay a tile and open end, a word
     * (the hand, or the tile drawn, or the double-Wild). */
    size_t room = ((size_t)m->hand_n[seat] + 1) * 2 * (size_t)m->layout.n * 8 + 16;
    if (room > s->room) {
        uint32_t *codes = realloc(s->legal_codes, room * sizeof *codes);
        if (codes == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        s->legal_codes = codes;
        s->room = room;
    }
    return legal_moves(m, s->legal_codes);
}

/* The legal moves now, worked out once per decision. */
static PyObject *state_legal_tuple(StateObject *s) {
    if (s->legal != NULL) {
        return s->legal;
    }
    int n = 0;
    if (!s->over) {
        n = state_legal_codes_now(s);
        if (n < 0) {
            return NULL;
        }
    }
    PyObject *legal = PyTuple_New(n);
    if (legal == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *object = state_object(s, s->legal_codes[i]);
        if (object == NULL) {
            Py_DECREF(legal);
            return NULL;
        }
        PyTuple_SET_ITEM(legal, i, Py_NewRef(object));
    }
    s->legal = legal;
    s->legal_n = n;
    return legal;
}

static PyObject *state_legal(StateObject *s, PyObject *unused) {
    (void)unused;
    PyObject *legal = state_legal_tuple(s);
    return legal == NULL ? NULL : Py_NewRef(legal);
}

static PyObject *state_legal_codes(StateObject *s, PyObject *unused) {
    (void)unused;
    if (state_legal_tuple(s) == NULL) {
        return NULL;
    }
    PyObject *codes = PyTuple_New(s->legal_n);
    if (codes == NULL) {
        return NULL;
    }
    for (int i = 0; i < s->legal_n; i++) {
        PyTuple_SET_ITEM(codes, i, PyLong_FromUnsignedLong(s->legal_codes[i]));
    }
    return codes;
}

static int hand_holds(const Match *m, int seat, int tile) {
    for (int i = 0; i < m->hand_n[seat]; i++) {
        if (m->hand[seat][i] == tile) {
            return 1;
        }
    }
    return 0;
}

/* Carry out the move of a code, legal now, as run_match goes on, and note what the view shows
 * that the engine does not keep: the tile laid, the lines it opened, a Wild Draw Four taken
 * back. 0, or -1 with MemoryError set. */
static int state_step(StateObject *s, uint32_t code) {
    Match *m = &s->m;
    const Tables *t = m->t;
    Py_CLEAR(s->legal);
    if (buffer_put(&s->history, &code, sizeof code) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    int seat = m->to_act, lines = m->layout.n, kind = MOVE_KIND(code);
    int challenged = m->phase == CHALLENGE && kind == M_CHALLENGE && m->pending;
    int offender = m->pending_seat, wild_draw_four = m->pending_tile;
    m->c.decisions++;
    apply(m, code);
    if (kind == M_PLAY) { /* Layout.extend, Layout.open_from_spinner */
        int tile = m->laid, end = MOVE_END(code);
        Laid *laid = &s->laid[s->laid_n++];
        laid->seat = (uint8_t)seat;
        laid->tile = (uint16_t)tile;
        laid->colour = (int8_t)MOVE_COLOUR(code);
        if (end == 0) {
            laid->touching = t->end0[tile];
            laid->far = t->end1[tile];
            laid->line = (uint8_t)(lines + 1);
        } else {
            laid->touching = t->touching[MOVE_LAY(code)];
            laid->far = t->far[MOVE_LAY(code)];
            laid->line = (uint8_t)end;
        }
        for (int line = lines; line < m->layout.n; line++) {
            s->origin[line] = (uint8_t)end; /* a spinning double's sides, the double-Wild's */
        }
    } else if (challenged && hand_holds(m, offender, wild_draw_four)) { /* take_back */
        state_drop_laid(s, s->laid_n - 1);
        s->revealed[wild_draw_four] = 1;
    }
    state_forget_layout(s);
    state_settle(s);
    if (m->c.failed) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Carry out the legal move at index of the legal moves now. */
static PyObject *state_do(StateObject *s, int index) {
    if (state_step(s, s->legal_codes[index]) < 0) {
        return NULL;
    }
    return PyLong_FromSize_t(s->history.size / sizeof(uint32_t) - 1);
}

/* play_out(agent, seed, until_match, max_moves): the game played on by the engine's own agent
 * of that kind at every seat (see playout_begin), each move as play() carries it out, to the
 * end of the round (a new round begun, or the match over), or of the match when until_match,
 * or for at most max_moves moves (no limit when negative); how many moves were played. */
static PyObject *state_play_out(StateObject *s, PyObject *args) {
    int kind, until_match;
    unsigned long long seed;
    long long max_moves;
    if (playout_args(args, &kind, &seed, &until_match, &max_moves) < 0) {
        return NULL;
    }
    Match *m = &s->m;
    PlayoutSaved saved;
    if (playout_begin(&m->c, kind, seed, &saved) < 0) {
        return NULL;
    }
    long round = m->c.round;
    long long played = 0;
    int failed = 0;
    while (!s->over && (until_match || m->c.round == round) &&
           (max_moves < 0 || played < max_moves)) {
        Py_CLEAR(s->legal); /* the codes below are the legal tuple's no longer */
        int count = state_legal_codes_now(s);
        if (count <= 0) {
            if (count == 0) {
                PyErr_SetString(PyExc_SystemError, "a decision with no legal move");
            }
            failed = 1;
            break;
        }
        if (state_step(s, s->legal_codes[choose(m, s->legal_codes, count)]) < 0) {
            failed = 1;
            break;
        }
        played++;
    }
    playout_end(&m->c, &saved);
    return failed ? NULL : PyLong_FromLongLong(played);
}

/* play(move): carry out move if it is one of the very objects legal() offers now, and answer
 * its number among the moves played (from 0); None, with nothing done, for anything else. */
static PyObject *state_play(StateObject *s, PyObject *move) {
    PyObject *legal = state_legal_tuple(s);
    if (legal == NULL) {
        return NULL;
    }
    for (int i = 0; i < s->legal_n; i++) {
        if (PyTuple_GET_ITEM(legal, i) == move) {
            return state_do(s, i);
        }
    }
    Py_RETURN_NONE;
}

/* apply(code): carry out the move of that code, which must be legal now. */
static PyObject *state_apply(StateObject *s, PyObject *arg) {
    unsigned long code = PyLong_AsUnsignedLong(arg);
    if (code == (unsigned long)-1 && PyErr_Occurred()) {
        return NULL;
    }
    if (state_legal_tuple(s) == NULL) {
        return NULL;
    }
    for (int i = 0; i < s->legal_n; i++) {
        if (s->legal_codes[i] == code) {
            return state_do(s, i);
        }
    }
    return PyErr_Format(PyExc_ValueError, "the move code %lu is not legal now", code);
}

static int buffer_copy(Buffer *to, const Buffer *from) {
    memset(to, 0, sizeof *to);
    if (from->size == 0) {
        return 0;
    }
    return buffer_put(to, from->data, from->size);
}

/* copy(history): an independent state; history: with the moves and outcomes so far. */
static PyObject *state_copy(StateObject *s, PyObject *arg) {
    int history = PyObject_IsTrue(arg);
    if (history < 0) {
        return NULL;
    }
    StateObject *twin = state_new_object();
    if (twin == NULL) {
        return NULL;
    }
    const Tables *t = s->m.t;
    twin->m = s->m;
    Match *m = &twin->m;
    m->bag = NULL;
    m->seen = NULL;
    m->seen_mark = 0;
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        m->hand[seat] = NULL;
    }
    m->layout.accepts = m->before.accepts = NULL; /* the twin's own room: state_allocate */
    memset(&m->c.outcomes, 0, sizeof m->c.outcomes);
    memset(&m->c.counts, 0, sizeof m->c.counts);
    memset(&m->c.choices, 0, sizeof m->c.choices);
    memset(&m->c.seats, 0, sizeof m->c.seats);
    memset(&m->c.chosen, 0, sizeof m->c.chosen);
    memset(&m->c.legal, 0, sizeof m->c.legal);
    twin->tables = Py_NewRef(s->tables);
    twin->objects = Py_NewRef(s->objects);
    twin->decode = Py_NewRef(s->decode);
    twin->tiles = Py_NewRef(s->tiles);
    twin->faces = Py_NewRef(s->faces);
    twin->colours = Py_NewRef(s->colours);
    twin->phases = Py_NewRef(s->phases);
    twin->placement = Py_NewRef(s->placement);
    twin->open_end = Py_NewRef(s->open_end);
    twin->over = s->over;
    if (state_allocate(twin) < 0) {
        Py_DECREF(twin);
        return NULL;
    }
    memcpy(m->bag, s->m.bag, (size_t)s->m.bag_n * sizeof *m->bag);
    for (int seat = 0; seat < m->c.players; seat++) {
        memcpy(m->hand[seat], s->m.hand[seat], (size_t)m->hand_n[seat] * sizeof(uint16_t));
    }
    lines_assign(&m->layout, &s->m.layout);
    lines_assign(&m->before, &s->m.before);
    memcpy(twin->origin, s->origin, sizeof s->origin);
    memcpy(twin->laid, s->laid, (size_t)s->laid_n * sizeof *s->laid);
    for (int i = 0; i < s->laid_n; i++) {
        twin->laid_objects[i] = Py_XNewRef(s->laid_objects[i]);
    }
    twin->laid_n = s->laid_n;
    twin->layout_tuple = Py_XNewRef(s->layout_tuple);
    twin->ends_tuple = Py_XNewRef(s->ends_tuple);
    memcpy(twin->revealed, s->revealed, (size_t)t->tiles);
    if (history && (buffer_copy(&m->c.outcomes, &s->m.c.outcomes) < 0 ||
                    buffer_copy(&twin->history, &s->history) < 0)) {
        Py_DECREF(twin);
        return PyErr_NoMemory();
    }
    return (PyObject *)twin;
}

static PyObject *seat_or_none(int seat) {
    return seat < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(seat);
}

static PyObject *colour_or_none(StateObject *s, int colour) {
    return colour < 0 ? Py_NewRef(Py_None) : Py_NewRef(PyTuple_GET_ITEM(s->colours, colour));
}

static PyObject *tiles_tuple(StateObject *s, const uint16_t *tiles, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(PyTuple_GET_ITEM(s->tiles, tiles[i])));
    }
    return tuple;
}

static PyObject *seats_tuple(const int *seats, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(tuple, i, PyLong_FromLong(seats[i]));
    }
    return tuple;
}

/* Layout.placements: the tiles on the table, each Placement made once. */
static PyObject *state_layout(StateObject *s) {
    if (s->layout_tuple != NULL) {
        return Py_NewRef(s->layout_tuple);
    }
    PyObject *tuple = PyTuple_New(s->laid_n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < s->laid_n; i++) {
        PyObject *made = s->laid_objects[i];
        if (made == NULL) {
            const Laid *laid = &s->laid[i];
            PyObject *colour = colour_or_none(s, laid->colour);
            made = PyObject_CallFunction(
                s->placement, "iOOOiO", (int)laid->seat, PyTuple_GET_ITEM(s->tiles, laid->tile),
                PyTuple_GET_ITEM(s->faces, laid->touching), PyTuple_GET_ITEM(s->faces, laid->far),
                (int)laid->line, colour);
            Py_DECREF(colour);
            if (made == NULL) {
                Py_DECREF(tuple);
                return NULL;
            }
            s->laid_objects[i] = made;
        }
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(made));
    }
    s->layout_tuple = Py_NewRef(tuple);
    return tuple;
}

/* Layout.ends: every line's open end. */
static PyObject *state_ends(StateObject *s) {
    if (s->ends_tuple != NULL) {
        return Py_NewRef(s->ends_tuple);
    }
    const Lines *l = &s->m.layout;
    PyObject *tuple = PyTuple_New(l->n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < l->n; i++) {
        PyObject *colour = colour_or_none(s, l->colour[i]);
        PyObject *end = PyObject_CallFunction(s->open_end, "iOOi", i + 1,
                                              PyTuple_GET_ITEM(s->faces, l->face[i]), colour,
                                              (int)s->origin[i]);
        Py_DECREF(colour);
        if (end == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, end);
    }
    s->ends_tuple = Py_NewRef(tuple);
    return tuple;
}

/* UnoDominoes.view_data: the same dict, built from the engine's state. */
static PyObject *state_view_data(StateObject *s, PyObject *arg) {
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Match *m = &s->m;
    if (seat < 0 || seat >= m->c.players) {
        return PyErr_Format(PyExc_ValueError, "no seat %ld", seat);
    }
    int barred[MAX_PLAYERS], n_barred = 0;
    for (int other = 0; other < m->c.players; other++) {
        if (m->barred & (1 << other)) {
            barred[n_barred++] = other;
        }
    }
    PyObject *hand = tiles_tuple(s, m->hand[seat], m->hand_n[seat]);
    PyObject *sizes = seats_tuple(m->hand_n, m->c.players);
    PyObject *layout = state_layout(s);
    PyObject *ends = state_ends(s);
    PyObject *barred_tuple = seats_tuple(barred, n_barred);
    PyObject *catchers = seats_tuple(m->catchers, m->phase == CATCHING ? m->n_catchers : 0);
    PyObject *result = NULL;
    if (hand != NULL && sizes != NULL && layout != NULL && ends != NULL && barred_tuple != NULL &&
        catchers != NULL) {
        PyObject *drawn = seat == m->to_act && m->drawn >= 0
                              ? PyTuple_GET_ITEM(s->tiles, m->drawn)
                              : Py_None;
        result = Py_BuildValue(
            "{s:O,s:O,s:O,s:i,s:O,s:O,s:O,s:i,s:N,s:N,s:O,s:O}", "hand", hand, "drawn", drawn,
            "hand_sizes", sizes, "boneyard", m->bag_n, "layout", layout, "ends", ends, "phase",
            PyTuple_GET_ITEM(s->phases, m->phase), "direction", m->direction, "uno_debtor",
            seat_or_none(m->uno_debtor), "wild_draw_four_by",
            seat_or_none(m->pending ? m->pending_seat : -1), "wild_draw_four_barred",
            barred_tuple, "catchers", catchers);
    }
    Py_XDECREF(hand);
    Py_XDECREF(sizes);
    Py_XDECREF(layout);
    Py_XDECREF(ends);
    Py_XDECREF(barred_tuple);
    Py_XDECREF(catchers);
    return result;
}

static PyObject *state_totals(StateObject *s, PyObject *unused) {
    (void)unused;
    PyObject *totals = PyTuple_New(s->m.c.players);
    if (totals == NULL) {
        return NULL;
    }
    for (int seat = 0; seat < s->m.c.players; seat++) {
        PyTuple_SET_ITEM(totals, seat, PyLong_FromLongLong(s->m.c.totals[seat]));
    }
    return totals;
}

/* to_act(): the seat to decide, or None once the match is over. */
static PyObject *state_to_act(StateObject *s, PyObject *unused) {
    (void)unused;
    return seat_or_none(s->over ? -1 : s->m.to_act);
}

static PyObject *state_over(StateObject *s, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(s->over);
}

static PyObject *state_round(StateObject *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromLong(s->m.c.round);
}

/* winners(): the seats with the highest total once the match is over; () before. */
static PyObject *state_winners(StateObject *s, PyObject *unused) {
    (void)unused;
    if (!s->over) {
        return PyTuple_New(0);
    }
    long long best = s->m.c.totals[0];
    int n = 0, seats[MAX_PLAYERS];
    for (int seat = 1; seat < s->m.c.players; seat++) {
        if (s->m.c.totals[seat] > best) {
            best = s->m.c.totals[seat];
        }
    }
    for (int seat = 0; seat < s->m.c.players; seat++) {
        if (s->m.c.totals[seat] == best) {
            seats[n++] = seat;
        }
    }
    return seats_tuple(seats, n);
}

/* history(): the codes of the moves played, as bytes (uint32 each, native order). */
static PyObject *state_history(StateObject *s, PyObject *unused) {
    (void)unused;
    return bytes_of(&s->history);
}

/* outcomes(): every chance outcome drawn, as bytes (uint32 each, native order). */
static PyObject *state_outcomes(StateObject *s, PyObject *unused) {
    (void)unused;
    return bytes_of(&s->m.c.outcomes);
}

static PyObject *state_moves_played(StateObject *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromSize_t(s->history.size / sizeof(uint32_t));
}

static PyObject *lines_tuple(StateObject *s, const Lines *l) {
    PyObject *tuple = PyTuple_New(l->n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < l->n; i++) {
        PyObject *line = Py_BuildValue("(iii)", (int)l->face[i], (int)l->colour[i],
                                       (int)s->origin[i]);
        if (line == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, line);
    }
    return tuple;
}

/* hidden(): what the round's state is, in numbers, for resampling in Python: a dict. */
static PyObject *state_hidden(StateObject *s, PyObject *unused) {
    (void)unused;
    Match *m = &s->m;
    PyObject *hands = PyTuple_New(m->c.players);
    if (hands == NULL) {
        return NULL;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        PyObject *hand = PyTuple_New(m->hand_n[seat]);
        if (hand == NULL) {
            Py_DECREF(hands);
            return NULL;
        }
        for (int i = 0; i < m->hand_n[seat]; i++) {
            PyTuple_SET_ITEM(hand, i, PyLong_FromLong(m->hand[seat][i]));
        }
        PyTuple_SET_ITEM(hands, seat, hand);
    }
    PyObject *bag = PyTuple_New(m->bag_n);
    PyObject *revealed = PyList_New(0);
    int barred[MAX_PLAYERS], n_barred = 0;
    for (int other = 0; other < m->c.players; other++) {
        if (m->barred & (1 << other)) {
            barred[n_barred++] = other;
        }
    }
    if (bag == NULL || revealed == NULL) {
        Py_DECREF(hands);
        Py_XDECREF(bag);
        Py_XDECREF(revealed);
        return NULL;
    }
    for (int i = 0; i < m->bag_n; i++) {
        PyTuple_SET_ITEM(bag, i, PyLong_FromLong(m->bag[i]));
    }
    for (int tile = 0; tile < m->t->tiles; tile++) {
        if (s->revealed[tile]) {
            PyObject *id = PyLong_FromLong(tile);
            if (id == NULL || PyList_Append(revealed, id) < 0) {
                Py_XDECREF(id);
                Py_DECREF(hands);
                Py_DECREF(bag);
                Py_DECREF(revealed);
                return NULL;
            }
            Py_DECREF(id);
        }
    }
    PyObject *catchers = seats_tuple(m->catchers, m->phase == CATCHING ? m->n_catchers : 0);
    PyObject *rescuers = seats_tuple(m->rescuers, m->n_rescuers);
    PyObject *barred_tuple = seats_tuple(barred, n_barred);
    return Py_BuildValue(
        "{s:N,s:N,s:N,s:N,s:N,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:N,s:i,s:N,s:N,s:i,s:i,s:i,s:i}",
        "hands", hands, "boneyard", bag, "revealed", revealed, "lines", lines_tuple(s, &m->layout),
        "before", m->pending ? lines_tuple(s, &m->before) : Py_NewRef(Py_None), "to_act",
        m->to_act, "phase", m->phase, "drawn", m->drawn, "uno_debtor", m->uno_debtor, "pending",
        m->pending, "pending_seat", m->pending_seat, "pending_tile", m->pending_tile, "catchers",
        catchers, "resume", m->resume, "rescuers", rescuers, "barred", barred_tuple, "closer",
        m->closer, "direction", m->direction, "current", m->current, "pending_illegal",
        m->pending_illegal);
}

/* Fill tiles (room for n) from a sequence of tile ids, each seen once; -1 with an error. */
static int read_tiles(PyObject *items, uint16_t *tiles, int n, uint8_t *seen, int count) {
    PyObject *sequence = PySequence_Fast(items, "tiles are a sequence of tile ids");
    if (sequence == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(sequence) != n) {
        Py_DECREF(sequence);
        PyErr_SetString(PyExc_ValueError, "a new deal keeps the size of every hand and the bag");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long tile = PyLong_AsLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (tile == -1 && PyErr_Occurred()) {
            Py_DECREF(sequence);
            return -1;
        }
        if (tile < 0 || tile >= count || seen[tile] != 1) {
            Py_DECREF(sequence);
            PyErr_SetString(PyExc_ValueError, "a new deal deals the same tiles once each");
            return -1;
        }
        seen[tile] = 2;
        tiles[i] = (uint16_t)tile;
    }
    Py_DECREF(sequence);
    return 0;
}

/* determinize(hands, boneyard, drawn, illegal, rescuers, seed): the hands and the boneyard
 * dealt anew (the same tiles, every hand keeping its size), the tile drawn, whether the pending
 * Wild Draw Four is illegal and the seats to offer the double-Wild as the deal makes them, and
 * chance seeded anew, with no outcomes and no moves so far. */
static PyObject *state_determinize(StateObject *s, PyObject *args) {
    PyObject *hands, *boneyard, *rescuers, *seed;
    int drawn, illegal;
    if (!PyArg_ParseTuple(args, "OOipOO", &hands, &boneyard, &drawn, &illegal, &rescuers,
                          &seed)) {
        return NULL;
    }
    Match *m = &s->m;
    const Tables *t = m->t;
    if (PySequence_Size(hands) != m->c.players) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "a hand per seat");
        }
        return NULL;
    }
    Py_ssize_t n_rescuers = PySequence_Size(rescuers);
    if (n_rescuers < 0 || n_rescuers > m->c.players) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "at most a rescuer per seat");
        }
        return NULL;
    }
    uint8_t *seen = calloc((size_t)t->tiles, 1);
    uint16_t *dealt = malloc(((size_t)t->tiles + 1) * sizeof *dealt);
    if (seen == NULL || dealt == NULL) {
        free(seen);
        free(dealt);
        return PyErr_NoMemory();
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        for (int i = 0; i < m->hand_n[seat]; i++) {
            seen[m->hand[seat][i]] = 1;
        }
    }
    for (int i = 0; i < m->bag_n; i++) {
        seen[m->bag[i]] = 1;
    }
    int failed = 0, at = 0;
    for (int seat = 0; seat < m->c.players && !failed; seat++) {
        PyObject *hand = PySequence_GetItem(hands, seat);
        failed = hand == NULL || read_tiles(hand, dealt + at, m->hand_n[seat], seen, t->tiles) < 0;
        Py_XDECREF(hand);
        at += m->hand_n[seat];
    }
    if (!failed) {
        failed = read_tiles(boneyard, dealt + at, m->bag_n, seen, t->tiles) < 0;
    }
    int seats[MAX_PLAYERS];
    for (Py_ssize_t i = 0; i < n_rescuers && !failed; i++) {
        PyObject *item = PySequence_GetItem(rescuers, i);
        long seat = item == NULL ? -1 : PyLong_AsLong(item);
        Py_XDECREF(item);
        if (seat < 0 || seat >= m->c.players) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a rescuer is a seat");
            }
            failed = 1;
        } else {
            seats[i] = (int)seat;
        }
    }
    if (!failed && drawn >= 0 && (m->phase != DRAWN && m->resume != DRAWN)) {
        PyErr_SetString(PyExc_ValueError, "a drawn tile only while one is decided on");
        failed = 1;
    }
    mt19937 chance;
    if (!failed && seed_from(seed, &chance) < 0) {
        failed = 1;
    }
    free(seen);
    if (failed) {
        free(dealt);
        return NULL;
    }
    at = 0;
    for (int seat = 0; seat < m->c.players; seat++) {
        memcpy(m->hand[seat], dealt + at, (size_t)m->hand_n[seat] * sizeof *dealt);
        at += m->hand_n[seat];
    }
    memcpy(m->bag, dealt + at, (size_t)m->bag_n * sizeof *dealt);
    free(dealt);
    m->drawn = drawn;
    m->pending_illegal = illegal;
    m->n_rescuers = (int)n_rescuers;
    memcpy(m->rescuers, seats, (size_t)n_rescuers * sizeof *seats);
    m->c.chance = chance;
    m->c.outcomes.size = 0;
    s->history.size = 0;
    Py_CLEAR(s->legal);
    Py_RETURN_NONE;
}

static PyMethodDef state_methods[] = {
    {"legal", (PyCFunction)state_legal, METH_NOARGS, "The legal moves now (move objects)."},
    {"legal_codes", (PyCFunction)state_legal_codes, METH_NOARGS, "The legal moves' codes."},
    {"play", (PyCFunction)state_play, METH_O,
     "Carry out one of the very move objects legal() offers: its number among the moves played; "
     "None (nothing done) for anything else."},
    {"apply", (PyCFunction)state_apply, METH_O,
     "Carry out the legal move of a code: its number among the moves played."},
    {"copy", (PyCFunction)state_copy, METH_O,
     "An independent copy; with the moves and outcomes so far when the argument is true."},
    {"view_data", (PyCFunction)state_view_data, METH_O, "The variant's part of a seat's view."},
    {"to_act", (PyCFunction)state_to_act, METH_NOARGS, "The seat to decide, or None."},
    {"over", (PyCFunction)state_over, METH_NOARGS, "Whether the match is over."},
    {"round", (PyCFunction)state_round, METH_NOARGS, "The round's number, from 1."},
    {"totals", (PyCFunction)state_totals, METH_NOARGS, "The match totals."},
    {"winners", (PyCFunction)state_winners, METH_NOARGS, "The winners once over."},
    {"history", (PyCFunction)state_history, METH_NOARGS, "The moves' codes (uint32 bytes)."},
    {"outcomes", (PyCFunction)state_outcomes, METH_NOARGS, "The outcomes (uint32 bytes)."},
    {"moves_played", (PyCFunction)state_moves_played, METH_NOARGS, "How many moves so far."},
    {"hidden", (PyCFunction)state_hidden, METH_NOARGS,
     "The round's state in numbers, for resampling: a dict."},
    {"determinize", (PyCFunction)state_determinize, METH_VARARGS,
     "Deal the hands and the boneyard anew (with the tile drawn, the pending WD4's legality and "
     "the rescuers as the deal makes them) and seed chance anew (seed words)."},
    {"play_out", (PyCFunction)state_play_out, METH_VARARGS,
     "play_out(agent, seed, until_match, max_moves): play on with the engine's agent of that "
     "kind at every seat, to the round's end (the match's), or max_moves moves (none when "
     "negative); how many moves were played."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "unodice._native._dominoes.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An Uno dominoes match played a decision at a time (made by new_state).",
    .tp_methods = state_methods,
};

static PyMethodDef methods[] = {
    {"make_tables", make_tables, METH_VARARGS,
     "make_tables(faces, tiles, lays, max_lines, symbol, colour, wild, dead, effect, points, "
     "accepts, end0, end1, kind, twin, points_of, is_double, opening, double_wild, tile_lays, "
     "touching, far)\n--\n\n"
     "The lookups of one tile set, as the engine reads them (a capsule)."},
    {"play_match", (PyCFunction)(void (*)(void))play_match, METH_VARARGS | METH_KEYWORDS,
     "play_match(tables, players, seed, agent_seeds, agents, target, two_player_reverse_skips, "
     "failed_challenge_penalty, hand_size, all_doubles_spin, must_play, take_back, "
     "any_opponent, max_decisions, detail)\n--\n\n"
     "Play one whole match between built-in agents; a dict of what happened."},
    {"play_many", (PyCFunction)(void (*)(void))play_many, METH_VARARGS | METH_KEYWORDS,
     "play_many(tables, players, seeds, agent_seeds, agents, target, "
     "two_player_reverse_skips, failed_challenge_penalty, hand_size, all_doubles_spin, "
     "must_play, take_back, any_opponent, max_decisions)\n--\n\n"
     "Play one match per seed (whole numbers below 2**64; the agents' seeds flat, match by "
     "match), nothing recorded: (ends, totals, winners, rounds, decisions) as bytes."},
    {"new_state", new_state, METH_VARARGS,
     "new_state(tables, players, seed, options, objects, decode, tiles, faces, colours, phases, "
     "placement, open_end)\n--\n\n"
     "A match to step from Python, dealt from seed (its words), with options (target, "
     "two_player_reverse_skips, failed_challenge_penalty, hand_size, all_doubles_spin, "
     "must_play, take_back, any_opponent)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "unodice._native._dominoes",
    "Uno dominoes in C: whole matches between built-in agents, the same as the Python engine "
    "plays them.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__dominoes(void) {
    mt_prepare();
    if (PyType_Ready(&StateType) < 0) {
        return NULL;
    }
    PyObject *mod = PyModule_Create(&module);
    if (mod == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(mod, "RANDOM", AGENT_RANDOM) < 0 ||
        PyModule_AddIntConstant(mod, "GREEDY", AGENT_GREEDY) < 0 ||
        PyModule_AddIntConstant(mod, "HEURISTIC", AGENT_HEURISTIC) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
