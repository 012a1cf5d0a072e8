/* The coverall game (rules CV-1 to CV-14) in C: whole matches between built-in agents.
 *
 * A second implementation of src/unodice/variants/coverall/rules.py, which stays the source of
 * truth: the same legal moves in the same order at every decision, the same chance drawn in the
 * same order (mt19937.h is random.Random as CPython runs it), so a match played here is the
 * match the Python engine plays from the same seeds. Every function below names the method of
 * rules.py (or of kernel.py, agents.py) it follows.
 *
 * Nothing here knows the dice or the tray: the face and die lookups of the component set and
 * the tray's geometry (neighbours, rays along each line, regions) are handed in from Python
 * once per set and tray shape (make_tables), and play_match plays one whole match with them.
 */
#define MAX_PLAYERS 8
#include "match.h"

#define COLOURS 4
#define NO_COLOUR 255
#define EMPTY 255
/* Dice drawn by a player who was passed none (rules.py FRESH_DICE, CV-3, CV-4). */
#define FRESH_DICE 4

/* What a face does when placed (rules.py ACTING, RESERVE_DRAWS). */
#define EFFECT_NONE 0
#define EFFECT_R 1
#define EFFECT_S 2
#define EFFECT_RESERVE 3 /* D2 or WD4: a reserve of reserve[code] dice */

/* Phases (state.py). */
#define START 0
#define DECLARE 1
#define PLACE 2
#define OVER 3

/* Moves as whole numbers: the kind in bits 0-1 (0 place, 1 declare), the face code in bits
 * 2-7, the declared colour plus one in bits 8-10 (0: none), the cell in bits 11-21. */
#define M_PLACE 0
#define M_DECLARE 1
#define MOVE(kind, code, colour, cell) \
    ((uint32_t)(kind) | ((uint32_t)(code) << 2) | ((uint32_t)((colour) + 1) << 8) | \
     ((uint32_t)(cell) << 11))
#define MOVE_KIND(move) ((move) & 3)
#define MOVE_CODE(move) (((move) >> 2) & 0x3f)
#define MOVE_COLOUR(move) ((int)(((move) >> 8) & 7) - 1)
#define MOVE_CELL(move) ((int)((move) >> 11))

/* -- the lookups of one dice set and tray shape ---------------------------------------------- */

typedef struct {
    int faces; /* distinct faces (codes 0 .. faces-1) */
    int dice;  /* dice in the set, in the set's order (the order of a full bag) */
    /* per face code */
    uint8_t *symbol;   /* the symbol, numbered (equal symbols, equal numbers) */
    uint8_t *colour;   /* the colour's index, or NO_COLOUR for a wild */
    uint8_t *value;    /* worth in a run (kernel.VALUES) */
    int8_t *roll;      /* worth in the roll-off: the number, or -1 (lookups.roll_value) */
    uint8_t *wd4;      /* a WD4: rolled again as the starting die, offered last (CV-2, CV-7) */
    uint8_t *effect;   /* EFFECT_* */
    uint8_t *reserve;  /* dice a D2 or WD4 draws as a reserve */
    uint32_t *wants;   /* the bits a neighbour must offer (FaceLookup.want_bits, as a mask) */
    uint32_t *offers;  /* per face x 5: offered as shown, then as declared in each colour */
    /* per die */
    uint8_t *die_faces;  /* dice x 6: the code of each face */
    uint32_t *die_wants; /* everything any face of the die could want (kernel.die_wants) */
    uint8_t *wild_die;   /* the die has a wild face (CoverallLookups.wild_dice) */
    uint8_t *fixed_roll; /* the die shows a single roll-off value (CoverallLookups.fixed_roll) */
    uint32_t next_to_a_die; /* the bit every die offers, all a wild wants (kernel) */
    /* the tray */
    int rows, columns, size, partition, regions;
    uint8_t *region_of;   /* per cell */
    int region_size[2];
    uint16_t *region_cells; /* per region, its cells in order: region r at r * size */
    uint16_t *neighbours;   /* per cell, 4 slots: its neighbours in its region */
    uint8_t *neighbour_n;
    uint16_t *rays;   /* per cell x line x (back, ahead): offset into ray_cells */
    uint16_t *ray_n;  /* the same: how many cells */
    uint16_t *ray_cells;
} Tables;

static const char TABLES_NAME[] = "unodice._native._coverall.tables";

static void tables_free(Tables *t) {
    if (t == NULL) {
        return;
    }
    free(t->symbol);
    free(t->colour);
    free(t->value);
    free(t->roll);
    free(t->wd4);
    free(t->effect);
    free(t->reserve);
    free(t->wants);
    free(t->offers);
    free(t->die_faces);
    free(t->die_wants);
    free(t->wild_die);
    free(t->fixed_roll);
    free(t->region_of);
    free(t->region_cells);
    free(t->neighbours);
    free(t->neighbour_n);
    free(t->rays);
    free(t->ray_n);
    free(t->ray_cells);
    free(t);
}

static void tables_capsule_free(PyObject *capsule) {
    tables_free((Tables *)PyCapsule_GetPointer(capsule, TABLES_NAME));
}

static PyObject *make_tables(PyObject *self, PyObject *args) {
    int faces, dice, rows, columns, partition;
    unsigned int next_to_a_die;
    PyObject *symbol, *colour, *value, *roll, *wd4, *effect, *reserve, *wants, *offers,
        *die_faces, *die_wants, *wild_die, *fixed_roll, *region_of, *neighbours, *rays,
        *ray_cells;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiIiipSSSSSSSSSSSSSSSSS", &faces, &dice, &next_to_a_die, &rows,
                          &columns, &partition, &symbol, &colour, &value, &roll, &wd4, &effect,
                          &reserve, &wants, &offers, &die_faces, &die_wants, &wild_die,
                          &fixed_roll, &region_of, &neighbours, &rays, &ray_cells)) {
        return NULL;
    }
    if (faces < 1 || faces > 64 || dice < 1 || dice > 65535 || rows < 1 || columns < 1 ||
        rows * columns > 2047) {
        PyErr_SetString(PyExc_ValueError,
                        "make_tables: 1 to 64 faces, 1 to 65535 dice, 1 to 2047 cells");
        return NULL;
    }
    Tables *t = calloc(1, sizeof(Tables));
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    t->faces = faces;
    t->dice = dice;
    t->next_to_a_die = next_to_a_die;
    t->rows = rows;
    t->columns = columns;
    t->size = rows * columns;
    t->partition = partition;
    t->regions = partition ? 2 : 1;
    Py_ssize_t size = t->size;
    if ((t->symbol = copy_bytes(symbol, faces, "symbol")) == NULL ||
        (t->colour = copy_bytes(colour, faces, "colour")) == NULL ||
        (t->value = copy_bytes(value, faces, "value")) == NULL ||
        (t->roll = copy_bytes(roll, faces, "roll")) == NULL ||
        (t->wd4 = copy_bytes(wd4, faces, "wd4")) == NULL ||
        (t->effect = copy_bytes(effect, faces, "effect")) == NULL ||
        (t->reserve = copy_bytes(reserve, faces, "reserve")) == NULL ||
        (t->wants = copy_bytes(wants, faces * 4, "wants")) == NULL ||
        (t->offers = copy_bytes(offers, faces * 5 * 4, "offers")) == NULL ||
        (t->die_faces = copy_bytes(die_faces, (Py_ssize_t)dice * 6, "die_faces")) == NULL ||
        (t->die_wants = copy_bytes(die_wants, (Py_ssize_t)dice * 4, "die_wants")) == NULL ||
        (t->wild_die = copy_bytes(wild_die, dice, "wild_die")) == NULL ||
        (t->fixed_roll = copy_bytes(fixed_roll, dice, "fixed_roll")) == NULL ||
        (t->region_of = copy_bytes(region_of, size, "region_of")) == NULL ||
        (t->neighbours = copy_bytes(neighbours, size * 4 * 2, "neighbours")) == NULL ||
        (t->rays = copy_bytes(rays, size * 4 * 2 * 2, "rays")) == NULL) {
        tables_free(t);
        return NULL;
    }
    if (!PyBytes_Check(ray_cells) || PyBytes_GET_SIZE(ray_cells) % 2) {
        tables_free(t);
        PyErr_SetString(PyExc_ValueError, "ray_cells: cells of two bytes");
        return NULL;
    }
    if ((t->ray_cells = copy_bytes(ray_cells, PyBytes_GET_SIZE(ray_cells), "ray_cells")) ==
        NULL) {
        tables_free(t);
        return NULL;
    }
    Py_ssize_t ray_total = PyBytes_GET_SIZE(ray_cells) / 2;
    for (int i = 0; i < dice * 6; i++) {
        if (t->die_faces[i] >= faces) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "die_faces: a code beyond the faces");
            return NULL;
        }
    }
    t->neighbour_n = calloc((size_t)size, 1);
    t->ray_n = calloc((size_t)size * 4, sizeof *t->ray_n);
    t->region_cells = calloc((size_t)size * 2, sizeof *t->region_cells);
    if (t->neighbour_n == NULL || t->ray_n == NULL || t->region_cells == NULL) {
        tables_free(t);
        return PyErr_NoMemory();
    }
    /* neighbours: 4 slots per cell, 0xffff for none */
    for (int cell = 0; cell < size; cell++) {
        int n = 0;
        for (int k = 0; k < 4; k++) {
            uint16_t other = t->neighbours[cell * 4 + k];
            if (other != 0xffff) {
                if (other >= size) {
                    tables_free(t);
                    PyErr_SetString(PyExc_ValueError, "neighbours: a cell beyond the tray");
                    return NULL;
                }
                t->neighbours[cell * 4 + n++] = other;
            }
        }
        t->neighbour_n[cell] = (uint8_t)n;
        if (t->region_of[cell] >= t->regions) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "region_of: a region beyond the tray's");
            return NULL;
        }
        int region = t->region_of[cell];
        t->region_cells[region * size + t->region_size[region]++] = (uint16_t)cell;
    }
    /* rays arrive as (offset, count) pairs of two bytes each: split them */
    uint16_t *pairs = t->rays;
    t->rays = malloc((size_t)size * 4 * sizeof *t->rays);
    if (t->rays == NULL) {
        free(pairs);
        tables_free(t);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < size * 4; i++) {
        t->rays[i] = pairs[2 * i];
        t->ray_n[i] = pairs[2 * i + 1];
        if ((Py_ssize_t)t->rays[i] + t->ray_n[i] > ray_total) {
            free(pairs);
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "rays: beyond ray_cells");
            return NULL;
        }
    }
    free(pairs);
    for (Py_ssize_t i = 0; i < ray_total; i++) {
        if (t->ray_cells[i] >= size) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "ray_cells: a cell beyond the tray");
            return NULL;
        }
    }
    PyObject *capsule = PyCapsule_New(t, TABLES_NAME, tables_capsule_free);
    if (capsule == NULL) {
        tables_free(t);
    }
    return capsule;
}

/* -- one match -------------------------------------------------------------------------------- */

typedef struct {
    MatchCore c;
    const Tables *t;
    /* options */
    int two_player_reverse_skips, set_of_games;
    /* the game (CoverallState) */
    uint16_t *bag;
    int bag_n;
    uint8_t *face;      /* per cell: the face code, or EMPTY */
    uint8_t *colour;    /* per cell: the colour it counts as, or NO_COLOUR */
    uint8_t *kind;      /* per cell: the symbol, or EMPTY */
    uint32_t *offered;  /* per cell: the bits its neighbours offer it (the state's reach) */
    uint8_t *in_tray;   /* per die */
    int outside, wild_outside; /* dice outside the tray, and those with a wild face */
    int empty[2];
    int open_region, first_region, undeclared;
    int holder;
    uint16_t *hand;     /* the holder's dice */
    uint8_t *showing;   /* what they show */
    int hand_n;
    uint16_t *reserve[MAX_PLAYERS];
    int reserve_n[MAX_PLAYERS];
    int current, direction, reverse_skips;
    int starter, phase, to_act;
    long long points[MAX_PLAYERS];
    /* the legal moves of the decision at hand */
    uint32_t *moves;
    int moves_n;
    size_t moves_room; /* moves' length: the most moves in a whole match, as many as needed in a
                        * stepped game (legal_placements makes room) */
    uint32_t *wild_draws; /* scratch: the WD4 placements, offered only when nothing else is */
    uint8_t *fits;        /* scratch for the heuristic: per distinct face, per cell */
    long long *gains;     /* scratch for the heuristic: per legal move */
} Match;

/* Chance.roll: the code of the face the die shows. */
static inline int chance_roll(Match *m, int die) {
    return m->t->die_faces[die * 6 + core_below(&m->c, 6)];
}

/* Chance.draw: an index below the bag's size; the last die moves into its place. */
static inline int bag_draw(Match *m) {
    int index = core_below(&m->c, m->bag_n);
    int die = m->bag[index];
    m->bag[index] = m->bag[m->bag_n - 1];
    m->bag_n--;
    return die;
}

static inline void bag_put(Match *m, int die) { m->bag[m->bag_n++] = (uint16_t)die; }

/* Seats.advance */
static inline int advance(Match *m, int skip) {
    m->current = seat_mod(m->current + m->direction * (1 + skip), m->c.players);
    return m->current;
}

/* uno.skip_or_reverse: how many seats the turn skips. */
static inline int skip_or_reverse(Match *m, int effect) {
    if (effect == EFFECT_S || (effect == EFFECT_R && m->reverse_skips)) {
        return 1;
    }
    if (effect == EFFECT_R) {
        m->direction = -m->direction;
    }
    return 0;
}

/* -- CV-11: runs ------------------------------------------------------------------------------ */

/* kernel.counting_runs, summed: the points a die of face code showing colour (NO_COLOUR for an
 * undeclared starting W) scores on cell. */
static long long run_points(Match *m, int cell, int code, int colour) {
    const Tables *t = m->t;
    int kind = t->symbol[code];
    int own = t->value[code];
    long long points = 0;
    for (int line = 0; line < 2; line++) {
        int slot = (cell * 2 + line) * 2;
        const uint16_t *back = t->ray_cells + t->rays[slot];
        const uint16_t *ahead = t->ray_cells + t->rays[slot + 1];
        int back_n = t->ray_n[slot], ahead_n = t->ray_n[slot + 1];
        long long best = -1;
        if (colour != NO_COLOUR) {
            long long value = own;
            int before = 0, after = 0;
            for (; before < back_n && m->colour[back[before]] == colour; before++) {
                value += t->value[m->face[back[before]]];
            }
            for (; after < ahead_n && m->colour[ahead[after]] == colour; after++) {
                value += t->value[m->face[ahead[after]]];
            }
            if (before || after) {
                best = value;
            }
        }
        int before = 0, after = 0;
        for (; before < back_n && m->kind[back[before]] == kind; before++) {
        }
        for (; after < ahead_n && m->kind[ahead[after]] == kind; after++) {
        }
        if (before || after) {
            long long value = (long long)own * (1 + before + after);
            if (best < 0 || value > best) {
                best = value;
            }
        }
        if (best >= 0) {
            points += best;
        }
    }
    return points;
}

/* -- the tray --------------------------------------------------------------------------------- */

/* _offer: the die on cell offers its neighbours bits. */
static inline void offer(Match *m, int cell, uint32_t bits) {
    const Tables *t = m->t;
    for (int k = 0; k < t->neighbour_n[cell]; k++) {
        m->offered[t->neighbours[cell * 4 + k]] |= bits;
    }
}

/* _put (CV-5, CV-6) */
static void put(Match *m, int cell, int die, int code, int colour) {
    const Tables *t = m->t;
    int counts_as;
    uint32_t bits;
    if (colour < 0) {
        counts_as = t->colour[code];
        bits = t->offers[code * 5];
        if (counts_as == NO_COLOUR) {
            m->undeclared = cell;
        }
    } else {
        counts_as = colour;
        bits = t->offers[code * 5 + 1 + colour];
    }
    m->face[cell] = (uint8_t)code;
    m->kind[cell] = t->symbol[code];
    m->colour[cell] = (uint8_t)counts_as;
    m->in_tray[die] = 1;
    m->outside--;
    if (t->wild_die[die]) {
        m->wild_outside--;
    }
    m->empty[t->region_of[cell]]--;
    offer(m, cell, bits);
}

/* _score (CV-11) */
static void score(Match *m, int seat, int cell, int code, int colour) {
    int counts_as = m->t->colour[code] == NO_COLOUR ? (colour < 0 ? NO_COLOUR : colour)
                                                     : m->t->colour[code];
    long long points = run_points(m, cell, code, counts_as);
    m->points[seat] += points;
    m->c.totals[seat] += points;
}

/* _can_fill (CV-12, CV-13) */
static int can_fill(Match *m, int region) {
    const Tables *t = m->t;
    if (m->outside == 0) {
        return 0;
    }
    if (m->empty[region] == t->region_size[region]) {
        return 1;
    }
    uint32_t wanted = 0;
    const uint16_t *cells = t->region_cells + region * t->size;
    for (int i = 0; i < t->region_size[region]; i++) {
        int cell = cells[i];
        if (m->face[cell] == EMPTY) {
            wanted |= m->offered[cell];
        }
    }
    if (m->wild_outside) {
        return (wanted & t->next_to_a_die) != 0;
    }
    for (int die = 0; die < t->dice; die++) {
        if (!m->in_tray[die] && (t->die_wants[die] & wanted)) {
            return 1;
        }
    }
    return 0;
}

/* _tray_closed (CV-12, CV-13): 1 when the game is over. */
static int tray_closed(Match *m) {
    int region = m->open_region;
    if (m->empty[region] && (m->undeclared >= 0 || can_fill(m, region))) {
        return 0;
    }
    if (m->t->partition && region == m->first_region) {
        m->open_region = 1 - region;
        return 0;
    }
    m->phase = OVER; /* _end */
    m->to_act = -1;
    m->moves_n = 0;
    return 1;
}

/* -- CV-5 to CV-7: where a die may go --------------------------------------------------------- */

/* The most moves of a decision: each distinct face on each cell, in four colours. */
static inline size_t most_moves_of(const Tables *t) {
    return (size_t)t->faces * (size_t)t->size * COLOURS + COLOURS;
}

/* _legal_placements: into m->moves, in the order of rules.py; how many (0 with m->c.failed set
 * when there is no memory for them). */
static int legal_placements(Match *m) {
    const Tables *t = m->t;
    int region = m->open_region;
    int untouched = m->empty[region] == t->region_size[region];
    /* at most each die of the hand on each empty cell of the region, in four colours */
    size_t room = (size_t)m->hand_n * (size_t)m->empty[region] * COLOURS;
    size_t most = most_moves_of(t);
    if (room > most) {
        room = most;
    }
    if (room > m->moves_room) {
        uint32_t *moves = realloc(m->moves, room * sizeof *moves);
        if (moves == NULL) {
            m->c.failed = 1;
            return 0;
        }
        m->moves = moves;
        m->moves_room = room;
    }
    const uint16_t *cells = t->region_cells + region * t->size;
    int cell_n = t->region_size[region];
    uint64_t seen = 0;
    int n = 0, wild_n = 0;
    for (int i = 0; i < m->hand_n; i++) {
        int code = m->showing[i];
        if (seen >> code & 1) {
            continue;
        }
        seen |= (uint64_t)1 << code;
        uint32_t wants = t->wants[code];
        int wild = t->colour[code] == NO_COLOUR;
        uint32_t *out = t->wd4[code] ? m->wild_draws : m->moves;
        int k = t->wd4[code] ? wild_n : n;
        for (int j = 0; j < cell_n; j++) {
            int cell = cells[j];
            if (m->face[cell] != EMPTY || !(untouched || (m->offered[cell] & wants))) {
                continue;
            }
            if (wild) {
                for (int colour = 0; colour < COLOURS; colour++) {
                    out[k++] = MOVE(M_PLACE, code, colour, cell);
                }
            } else {
                out[k++] = MOVE(M_PLACE, code, -1, cell);
            }
        }
        if (t->wd4[code]) {
            wild_n = k;
        } else {
            n = k;
        }
    }
    if (!n && wild_n) {
        memcpy(m->moves, m->wild_draws, (size_t)wild_n * sizeof *m->moves);
        n = wild_n;
    }
    return n;
}

/* _lose_turn (CV-4) */
static void lose_turn(Match *m) {
    for (int i = 0; i < m->hand_n; i++) {
        bag_put(m, m->hand[i]);
    }
    m->hand_n = 0;
    advance(m, 0);
}

/* _play_on (CV-3, CV-4, CV-10): the hand holds the dice passed on. 0, or -1 when turns went on
 * without end. */
static int play_on(Match *m) {
    long idle = 0;
    for (;;) {
        if (++idle > 100000000L) {
            return -1;
        }
        int seat = m->current;
        if (m->hand_n == 0) {
            int k = m->bag_n < FRESH_DICE ? m->bag_n : FRESH_DICE;
            for (int i = 0; i < k; i++) {
                m->hand[m->hand_n++] = (uint16_t)bag_draw(m);
            }
        }
        for (int i = 0; i < m->reserve_n[seat]; i++) {
            m->hand[m->hand_n++] = m->reserve[seat][i];
        }
        m->reserve_n[seat] = 0;
        m->holder = seat;
        if (m->hand_n == 0) {
            advance(m, 0);
            continue;
        }
        for (int i = 0; i < m->hand_n; i++) {
            m->showing[i] = (uint8_t)chance_roll(m, m->hand[i]);
        }
        if (m->undeclared >= 0) {
            m->phase = DECLARE;
            m->moves_n = 0;
            for (int colour = 0; colour < COLOURS; colour++) {
                m->moves[m->moves_n++] = MOVE(M_DECLARE, 0, colour, 0);
            }
            m->to_act = seat;
            return 0;
        }
        int n = legal_placements(m);
        if (n) {
            m->phase = PLACE;
            m->moves_n = n;
            m->to_act = seat;
            return 0;
        }
        lose_turn(m);
    }
}

/* _draw_reserve (CV-7, CV-8, CV-10) */
static void draw_reserve(Match *m, int seat, int count) {
    int k = m->bag_n < count ? m->bag_n : count;
    for (int i = 0; i < k; i++) {
        m->reserve[seat][m->reserve_n[seat]++] = (uint16_t)bag_draw(m);
    }
}

/* _place_starting_die (CV-2) */
static int place_starting_die(Match *m, int cell) {
    const Tables *t = m->t;
    int starter = m->starter;
    int die = m->hand[0], code = m->showing[0];
    m->hand_n = 0;
    m->first_region = m->open_region = t->region_of[cell];
    put(m, cell, die, code, -1);
    score(m, starter, cell, code, -1);
    if (tray_closed(m)) {
        return 0;
    }
    int effect = t->effect[code];
    if (effect == EFFECT_RESERVE) {
        draw_reserve(m, starter, t->reserve[code]);
        advance(m, 0);
    } else if (effect == EFFECT_R) {
        skip_or_reverse(m, effect); /* the starter plays first */
    } else {
        advance(m, skip_or_reverse(m, effect));
    }
    return play_on(m);
}

/* _declare (CV-2) */
static int declare(Match *m, int colour) {
    const Tables *t = m->t;
    int cell = m->undeclared;
    m->undeclared = -1;
    m->colour[cell] = (uint8_t)colour;
    offer(m, cell, t->offers[m->face[cell] * 5 + 1 + colour]);
    if (tray_closed(m)) {
        return 0;
    }
    int n = legal_placements(m); /* _offer_placements */
    if (n) {
        m->phase = PLACE;
        m->moves_n = n;
        m->to_act = m->holder;
        return 0;
    }
    lose_turn(m);
    return play_on(m);
}

/* _place (CV-3, CV-5 to CV-8) */
static int place(Match *m, int code, int cell, int colour) {
    const Tables *t = m->t;
    int seat = m->holder;
    int index = 0;
    while (m->showing[index] != code) {
        index++;
    }
    int die = m->hand[index];
    int rest = m->hand_n - index - 1;
    memmove(m->hand + index, m->hand + index + 1, (size_t)rest * sizeof *m->hand);
    memmove(m->showing + index, m->showing + index + 1, (size_t)rest * sizeof *m->showing);
    m->hand_n--;
    put(m, cell, die, code, colour);
    score(m, seat, cell, code, colour);
    if (tray_closed(m)) {
        return 0;
    }
    int effect = t->effect[code];
    int skip = 0;
    if (effect == EFFECT_RESERVE) {
        draw_reserve(m, seat, t->reserve[code]);
    } else if (effect != EFFECT_NONE) {
        skip = skip_or_reverse(m, effect);
    }
    advance(m, skip);
    return play_on(m);
}

/* apply */
static int apply(Match *m, uint32_t move) {
    if (MOVE_KIND(move) == M_DECLARE) {
        return declare(m, MOVE_COLOUR(move));
    }
    if (m->phase == START) {
        return place_starting_die(m, MOVE_CELL(move));
    }
    return place(m, (int)MOVE_CODE(move), MOVE_CELL(move), MOVE_COLOUR(move));
}

/* -- CV-1, CV-2, CV-14: a game ------------------------------------------------------------------ */

/* _roll_off (CV-1): the starting player. */
static int roll_off(Match *m) {
    const Tables *t = m->t;
    int players = m->c.players;
    int held[MAX_PLAYERS], shown[MAX_PLAYERS], contenders[MAX_PLAYERS], tied[MAX_PLAYERS];
    int n = players;
    for (int seat = 0; seat < players; seat++) {
        held[seat] = bag_draw(m);
        shown[seat] = chance_roll(m, held[seat]);
        contenders[seat] = seat;
    }
    int tied_n;
    for (;;) {
        int best = -2;
        for (int i = 0; i < n; i++) {
            if (t->roll[shown[i]] > best) {
                best = t->roll[shown[i]];
            }
        }
        tied_n = 0;
        for (int i = 0; i < n; i++) {
            if (t->roll[shown[i]] == best) {
                tied[tied_n++] = contenders[i];
            }
        }
        if (tied_n == 1) {
            break;
        }
        int fixed = 1;
        for (int i = 0; i < tied_n; i++) {
            fixed &= t->fixed_roll[held[tied[i]]];
        }
        if (fixed) {
            break;
        }
        n = tied_n;
        for (int i = 0; i < n; i++) {
            contenders[i] = tied[i];
            shown[i] = chance_roll(m, held[tied[i]]);
        }
    }
    for (int seat = 0; seat < players; seat++) {
        bag_put(m, held[seat]);
    }
    return tied[0];
}

/* start_round (CV-1, CV-2, CV-14), with _roll_starting_die */
static void start_round(Match *m, int first_game) {
    const Tables *t = m->t;
    for (int die = 0; die < t->dice; die++) {
        m->bag[die] = (uint16_t)die;
        m->in_tray[die] = 0;
    }
    m->bag_n = t->dice;
    m->outside = t->dice;
    m->wild_outside = 0;
    for (int die = 0; die < t->dice; die++) {
        m->wild_outside += t->wild_die[die];
    }
    for (int cell = 0; cell < t->size; cell++) {
        m->face[cell] = EMPTY;
        m->kind[cell] = EMPTY;
        m->colour[cell] = NO_COLOUR;
        m->offered[cell] = 0;
    }
    m->empty[0] = t->region_size[0];
    m->empty[1] = t->region_size[1];
    m->open_region = 0;
    m->first_region = -1;
    m->undeclared = -1;
    m->hand_n = 0;
    for (int seat = 0; seat < m->c.players; seat++) {
        m->reserve_n[seat] = 0;
        m->points[seat] = 0;
    }
    m->current = 0;
    m->direction = 1;
    m->reverse_skips = m->c.players == 2 && m->two_player_reverse_skips;
    int starter = first_game ? roll_off(m) : (m->starter + 1) % m->c.players;
    m->starter = m->current = starter;
    /* _roll_starting_die */
    int die = bag_draw(m);
    int code = chance_roll(m, die);
    while (t->wd4[code]) {
        code = chance_roll(m, die);
    }
    m->holder = starter;
    m->hand[0] = (uint16_t)die;
    m->showing[0] = (uint8_t)code;
    m->hand_n = 1;
    m->phase = START;
    m->to_act = starter;
    m->moves_n = 0;
    for (int cell = 0; cell < t->size; cell++) {
        m->moves[m->moves_n++] = MOVE(M_PLACE, code, -1, cell);
    }
}

/* -- agents ----------------------------------------------------------------------------------- */

/* rules.py's gain(): the points a placement scores now; nothing for other moves. */
static long long gain(Match *m, uint32_t move) {
    if (MOVE_KIND(move) != M_PLACE || m->phase != PLACE) {
        return 0;
    }
    int code = (int)MOVE_CODE(move);
    int colour = m->t->colour[code] == NO_COLOUR ? MOVE_COLOUR(move) : m->t->colour[code];
    return run_points(m, MOVE_CELL(move), code, colour < 0 ? NO_COLOUR : colour);
}

/* CoverallHeuristic.choose. Values are kept doubled (whole numbers): gain, less half the best
 * the dice left could score, plus one for a reserve, are all halves. */
static int heuristic_choose(Match *m) {
    const Tables *t = m->t;
    const uint32_t *moves = m->moves;
    int count = m->moves_n;
    if (m->phase == DECLARE) {
        int shown[COLOURS] = {0, 0, 0, 0};
        for (int i = 0; i < m->hand_n; i++) {
            int colour = t->colour[m->showing[i]];
            if (colour != NO_COLOUR) {
                shown[colour]++;
            }
        }
        int best = 0;
        for (int i = 1; i < count; i++) {
            if (shown[MOVE_COLOUR(moves[i])] > shown[MOVE_COLOUR(moves[best])]) {
                best = i;
            }
        }
        return best;
    }
    if (m->phase != PLACE) {
        return 0;
    }
    int size = t->size;
    /* per face code: its best gain among the legal moves (-1: none), and the cells it fits */
    long long best_by_face[64];
    int slot_of[64];
    int slots = 0;
    for (int code = 0; code < t->faces; code++) {
        best_by_face[code] = -1;
        slot_of[code] = -1;
    }
    long long *gains = m->gains;
    for (int i = 0; i < count; i++) {
        int code = (int)MOVE_CODE(moves[i]);
        if (slot_of[code] < 0) {
            slot_of[code] = slots++;
            memset(m->fits + (size_t)slot_of[code] * size, 0, (size_t)size);
        }
        m->fits[(size_t)slot_of[code] * size + MOVE_CELL(moves[i])] = 1;
    }
    /* how many of each face the hand shows */
    int shown[64];
    memset(shown, 0, sizeof shown);
    for (int i = 0; i < m->hand_n; i++) {
        shown[m->showing[i]]++;
    }
    for (int i = 0; i < count; i++) {
        long long g = gains[i] = gain(m, moves[i]);
        int code = (int)MOVE_CODE(moves[i]);
        if (g > best_by_face[code]) {
            best_by_face[code] = g;
        }
    }
    int two = m->c.players == 2;
    int best = 0;
    long long best_value = 0, best_shared = 0;
    int have_best = 0;
    for (int i = 0; i < count; i++) {
        uint32_t move = moves[i];
        int code = (int)MOVE_CODE(move);
        int cell = MOVE_CELL(move);
        long long value = 2 * gains[i];
        int effect = t->effect[code];
        int keeps_them = two && (effect == EFFECT_S || effect == EFFECT_R);
        /* the faces left once one die showing code is placed */
        shown[code]--;
        if (!keeps_them) {
            long long most = 0;
            for (int other = 0; other < t->faces; other++) {
                if (shown[other] > 0 && best_by_face[other] > most) {
                    most = best_by_face[other];
                }
            }
            value -= most;
        }
        if (effect == EFFECT_RESERVE) {
            value += 2;
        }
        long long shared = 0;
        for (int other = 0; other < t->faces; other++) {
            if (shown[other] > 0 && slot_of[other] >= 0 &&
                m->fits[(size_t)slot_of[other] * size + cell]) {
                shared += shown[other];
            }
        }
        shown[code]++;
        /* (value, -shared) > best_score, the first score (-1e9, 0.0) below every other */
        if (!have_best || value > best_value ||
            (value == best_value && -shared > -best_shared)) {
            best = i;
            best_value = value;
            best_shared = shared;
            have_best = 1;
        }
    }
    return best;
}

static int choose(Match *m) {
    int seat = m->to_act;
    const uint32_t *moves = m->moves;
    int count = m->moves_n;
    if (m->c.agent_kind[seat] == AGENT_HEURISTIC) {
        return heuristic_choose(m);
    }
    if (m->c.agent_kind[seat] == AGENT_GREEDY) {
        if (m->phase != PLACE) {
            return 0;
        }
        int best = 0;
        long long best_gain = gain(m, moves[0]);
        for (int i = 1; i < count; i++) {
            long long g = gain(m, moves[i]);
            if (g > best_gain) {
                best = i;
                best_gain = g;
            }
        }
        return best;
    }
    return (int)mt_below(&m->c.agent_rng[seat], (uint32_t)count);
}

/* -- the match -------------------------------------------------------------------------------- */

/* Returns END_OVER, END_DECISIONS, END_STUCK (turns went on with no decision), or -1 out of
 * memory. */
static int run_match(Match *m) {
    m->c.round = 0;
    for (;;) {
        m->c.round++;
        start_round(m, m->c.round == 1);
        while (m->phase != OVER) {
            if (core_out_of_decisions(&m->c)) {
                return END_DECISIONS;
            }
            int index = choose(m);
            uint32_t move = m->moves[index];
            core_decided(&m->c, m->to_act, m->moves, m->moves_n, index);
            if (apply(m, move) < 0) {
                return END_STUCK;
            }
            if (m->c.failed) {
                return -1;
            }
        }
        if (m->c.failed) {
            return -1;
        }
        /* match_over (CV-14) */
        if (!m->set_of_games || m->c.round >= m->c.players) {
            return END_OVER;
        }
    }
}

/* What a match holds, freed (not the match itself). */
static void match_free(Match *m) {
    free(m->bag);
    free(m->face);
    free(m->colour);
    free(m->kind);
    free(m->offered);
    free(m->in_tray);
    free(m->hand);
    free(m->showing);
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        free(m->reserve[seat]);
    }
    free(m->moves);
    free(m->wild_draws);
    free(m->fits);
    free(m->gains);
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
    char *keywords[] = {"tables", "players", (char *)seed_name, "agent_seeds", "agents",
                        "two_player_reverse_skips", "set_of_games", "max_decisions", "detail",
                        NULL};
    PyObject *capsule;
    const char *agents;
    Py_ssize_t agents_length;
    int players, reverse_skips, set_of_games;
    int detail = 0;
    long long max_decisions;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOOy#ppL|i", keywords, &capsule, &players,
                                     seed, agent_seeds, &agents, &agents_length, &reverse_skips,
                                     &set_of_games, &max_decisions, &detail)) {
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
    if (t->dice < t->size || t->dice < players) {
        PyErr_SetString(PyExc_ValueError, "too few dice for the tray or the roll-off");
        match_delete(m);
        return NULL;
    }
    m->t = t;
    m->two_player_reverse_skips = reverse_skips;
    m->set_of_games = set_of_games;
    m->c.max_decisions = max_decisions;
    m->c.detail = detail;
    m->c.number_size = sizeof(uint32_t);
    m->c.move_size = sizeof(uint32_t);
    size_t dice = (size_t)t->dice, size = (size_t)t->size;
    size_t most_moves = most_moves_of(t);
    m->moves_room = most_moves;
    m->bag = malloc(dice * sizeof *m->bag);
    m->face = malloc(size);
    m->colour = malloc(size);
    m->kind = malloc(size);
    m->offered = malloc(size * sizeof *m->offered);
    m->in_tray = malloc(dice);
    m->hand = malloc(dice * sizeof *m->hand);
    m->showing = malloc(dice);
    m->moves = malloc(most_moves * sizeof *m->moves);
    m->wild_draws = malloc(most_moves * sizeof *m->wild_draws);
    m->fits = malloc((size_t)t->faces * size);
    m->gains = malloc(most_moves * sizeof *m->gains);
    int lacking = m->bag == NULL || m->face == NULL || m->colour == NULL || m->kind == NULL ||
                  m->offered == NULL || m->in_tray == NULL || m->hand == NULL ||
                  m->showing == NULL || m->moves == NULL || m->wild_draws == NULL ||
                  m->fits == NULL || m->gains == NULL;
    for (int seat = 0; seat < players; seat++) {
        m->reserve[seat] = malloc(dice * sizeof *m->reserve[seat]);
        lacking |= m->reserve[seat] == NULL;
    }
    if (lacking) {
        PyErr_NoMemory();
        match_delete(m);
        return NULL;
    }
    return m;
}

static const char *const ENDS[] = {"over", "decisions", "turns"};

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
 * game of a set dealt, the match ended). It keeps the codes of the moves played and every
 * chance outcome, so that Python can rebuild the game's events by replaying them in its own
 * engine. Nothing of it is reachable from the objects it hands out (moves, views' data).
 *
 * A move's code here (what Python sees) is dense: 0 to 3 declare a colour, and a placement of
 * face code f on cell c, as shown (colour -1) or declared in colour k, is
 * 4 + (c * faces + f) * 5 + (k + 1). */

typedef struct {
    PyObject_HEAD
    Match m;
    PyObject *tables;  /* the capsule of the Tables m.t points to */
    PyObject *objects; /* a list: the move object of each dense code (None where there is none) */
    PyObject *faces;   /* a tuple: the Face of each face code */
    PyObject *symbols; /* a tuple: the symbol (str) of each face code */
    PyObject *dice;    /* a tuple: the Die of each die, in the set's order */
    PyObject *colours; /* a tuple: the four Colours, in the engine's order */
    PyObject *phases;  /* a tuple: the name of each phase */
    PyObject *legal;   /* the legal moves now, as a tuple of move objects, or NULL */
    int over;
    uint16_t *cell_die; /* per cell: the die on it (0xffff: none) */
    Buffer history;     /* the dense codes of the moves played, uint32 each */
} StateObject;

static PyTypeObject StateType;

static inline uint32_t dense_code(const Tables *t, uint32_t move) {
    if (MOVE_KIND(move) == M_DECLARE) {
        return (uint32_t)MOVE_COLOUR(move);
    }
    return 4 + ((uint32_t)MOVE_CELL(move) * (uint32_t)t->faces + MOVE_CODE(move)) * 5 +
           (uint32_t)(MOVE_COLOUR(move) + 1);
}

static inline size_t dense_codes(const Tables *t) {
    return 4 + (size_t)t->size * (size_t)t->faces * 5;
}

static void state_dealloc(StateObject *s) {
    match_free(&s->m);
    free(s->cell_die);
    free(s->history.data);
    Py_XDECREF(s->tables);
    Py_XDECREF(s->objects);
    Py_XDECREF(s->faces);
    Py_XDECREF(s->symbols);
    Py_XDECREF(s->dice);
    Py_XDECREF(s->colours);
    Py_XDECREF(s->phases);
    Py_XDECREF(s->legal);
    PyObject_Free(s);
}

/* The WD4 placements of the decision a stepped game is working out (Match.wild_draws): one
 * run for every state of the module, as long as the most moves of any dice set and tray it has
 * stepped, since states are stepped one at a time (under the GIL; whole matches keep their
 * own). */
static uint32_t *state_wild_draws;
static size_t state_wild_room;

/* The state's match given the shared WD4 scratch, for one step; 0, or -1 with MemoryError
 * set. state_leave takes it back. */
static int state_enter(Match *m) {
    size_t most = most_moves_of(m->t);
    if (most > state_wild_room) {
        uint32_t *room = realloc(state_wild_draws, most * sizeof *room);
        if (room == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        state_wild_draws = room;
        state_wild_room = most;
    }
    m->wild_draws = state_wild_draws;
    return 0;
}

static inline void state_leave(Match *m) {
    m->wild_draws = NULL;
}

/* Room for a stepped game: its position, and room for moves_room legal moves (more is made
 * when a decision has more); the scratch of the agents (which a stepped game has not) and of
 * the legal moves (state_enter) is not the state's. 0, or -1 with MemoryError set. */
static int state_allocate(StateObject *s, size_t moves_room) {
    Match *m = &s->m;
    const Tables *t = m->t;
    size_t dice = (size_t)t->dice, size = (size_t)t->size;
    /* a decision at the start (a cell each) or on the starting W's colour */
    if (moves_room < size) {
        moves_room = size;
    }
    if (moves_room < COLOURS) {
        moves_room = COLOURS;
    }
    m->moves_room = moves_room;
    m->bag = malloc(dice * sizeof *m->bag);
    m->face = malloc(size);
    m->colour = malloc(size);
    m->kind = malloc(size);
    m->offered = malloc(size * sizeof *m->offered);
    m->in_tray = malloc(dice);
    m->hand = malloc(dice * sizeof *m->hand);
    m->showing = malloc(dice);
    m->moves = malloc(moves_room * sizeof *m->moves);
    s->cell_die = malloc(size * sizeof *s->cell_die);
    if (m->bag == NULL || m->face == NULL || m->colour == NULL || m->kind == NULL ||
        m->offered == NULL || m->in_tray == NULL || m->hand == NULL || m->showing == NULL ||
        m->moves == NULL || s->cell_die == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        m->reserve[seat] = malloc(dice * sizeof *m->reserve[seat]);
        if (m->reserve[seat] == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

static void state_empty_tray(StateObject *s) {
    for (int cell = 0; cell < s->m.t->size; cell++) {
        s->cell_die[cell] = 0xffff;
    }
}

/* Game._settle: a finished game of a set is followed by the next; the match ends (CV-14). */
static void state_settle(StateObject *s) {
    Match *m = &s->m;
    while (m->phase == OVER) {
        if (!m->set_of_games || m->c.round >= m->c.players) {
            s->over = 1;
            return;
        }
        m->c.round++;
        start_round(m, 0);
        state_empty_tray(s);
    }
}

static PyObject *new_state(PyObject *self, PyObject *args) {
    PyObject *capsule, *seed, *objects, *faces, *symbols, *dice, *colours, *phases;
    int players, reverse_skips, set_of_games;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiO(pp)O!O!O!O!O!O!", &capsule, &players, &seed,
                          &reverse_skips, &set_of_games, &PyList_Type, &objects, &PyTuple_Type,
                          &faces, &PyTuple_Type, &symbols, &PyTuple_Type, &dice, &PyTuple_Type,
                          &colours, &PyTuple_Type, &phases)) {
        return NULL;
    }
    Tables *t = PyCapsule_GetPointer(capsule, TABLES_NAME);
    if (t == NULL) {
        return NULL;
    }
    if (players < 2 || players > MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "2 to 8 players");
        return NULL;
    }
    if (t->dice < t->size || t->dice < players) {
        PyErr_SetString(PyExc_ValueError, "too few dice for the tray or the roll-off");
        return NULL;
    }
    if ((size_t)PyList_GET_SIZE(objects) != dense_codes(t) ||
        PyTuple_GET_SIZE(faces) != t->faces || PyTuple_GET_SIZE(symbols) != t->faces ||
        PyTuple_GET_SIZE(dice) != t->dice || PyTuple_GET_SIZE(colours) != COLOURS ||
        PyTuple_GET_SIZE(phases) != OVER + 1) {
        PyErr_SetString(PyExc_ValueError,
                        "new_state: a move object per code (4 + cells * faces * 5), a face and a "
                        "symbol per face code, a die per die, four colours and four phases");
        return NULL;
    }
    StateObject *s = PyObject_New(StateObject, &StateType);
    if (s == NULL) {
        return NULL;
    }
    memset(&s->m, 0, sizeof s->m);
    memset(&s->history, 0, sizeof s->history);
    s->cell_die = NULL;
    s->tables = Py_NewRef(capsule);
    s->objects = Py_NewRef(objects);
    s->faces = Py_NewRef(faces);
    s->symbols = Py_NewRef(symbols);
    s->dice = Py_NewRef(dice);
    s->colours = Py_NewRef(colours);
    s->phases = Py_NewRef(phases);
    s->legal = NULL;
    s->over = 0;
    Match *m = &s->m;
    m->t = t;
    m->c.players = players;
    m->two_player_reverse_skips = reverse_skips;
    m->set_of_games = set_of_games;
    m->c.detail = 1; /* keep every chance outcome */
    if (seed_from(seed, &m->c.chance) < 0 || state_allocate(s, 0) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    if (state_enter(m) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    m->c.round = 1;
    start_round(m, 1);
    state_empty_tray(s);
    state_settle(s);
    state_leave(m);
    if (m->c.failed) {
        Py_DECREF(s);
        return PyErr_NoMemory();
    }
    return (PyObject *)s;
}

/* The legal moves now, worked out once per decision. */
static PyObject *state_legal_tuple(StateObject *s) {
    if (s->legal != NULL) {
        return s->legal;
    }
    Match *m = &s->m;
    int n = s->over ? 0 : m->moves_n;
    PyObject *legal = PyTuple_New(n);
    if (legal == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        uint32_t code = dense_code(m->t, m->moves[i]);
        PyObject *object = PyList_GET_ITEM(s->objects, code);
        if (object == Py_None) {
            Py_DECREF(legal);
            return PyErr_Format(PyExc_SystemError, "no move object for the code %lu",
                                (unsigned long)code);
        }
        PyTuple_SET_ITEM(legal, i, Py_NewRef(object));
    }
    s->legal = legal;
    return legal;
}

static PyObject *state_legal(StateObject *s, PyObject *unused) {
    (void)unused;
    PyObject *legal = state_legal_tuple(s);
    return legal == NULL ? NULL : Py_NewRef(legal);
}

static PyObject *state_legal_codes(StateObject *s, PyObject *unused) {
    (void)unused;
    Match *m = &s->m;
    int n = s->over ? 0 : m->moves_n;
    PyObject *codes = PyTuple_New(n);
    if (codes == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(codes, i, PyLong_FromUnsignedLong(dense_code(m->t, m->moves[i])));
    }
    return codes;
}

/* Carry out the legal move at index of the legal moves now (m->moves): kept in the history,
 * applied, and the match gone on as run_match goes on. 0, or -1 with an error set. */
static int state_step(StateObject *s, int index) {
    Match *m = &s->m;
    uint32_t move = m->moves[index];
    uint32_t code = dense_code(m->t, move);
    Py_CLEAR(s->legal);
    if (buffer_put(&s->history, &code, sizeof code) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (MOVE_KIND(move) == M_PLACE) { /* the die that goes on the cell, as _place finds it */
        int at = 0;
        if (m->phase != START) {
            while (m->showing[at] != MOVE_CODE(move)) {
                at++;
            }
        }
        s->cell_die[MOVE_CELL(move)] = m->hand[at];
    }
    m->c.decisions++;
    if (state_enter(m) < 0) {
        return -1;
    }
    if (apply(m, move) < 0) {
        state_leave(m);
        PyErr_SetString(PyExc_RuntimeError, "turns went on without a decision");
        return -1;
    }
    if (m->phase == OVER) {
        state_settle(s);
    }
    state_leave(m);
    if (m->c.failed) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Carry out the legal move at index of the legal moves now. */
static PyObject *state_do(StateObject *s, int index) {
    if (state_step(s, index) < 0) {
        return NULL;
    }
    return PyLong_FromSize_t(s->history.size / sizeof(uint32_t) - 1);
}

/* play(move): carry out move if it is one of the very objects legal() offers now, and answer
 * its number among the moves played (from 0); None, with nothing done, for anything else. */
static PyObject *state_play(StateObject *s, PyObject *move) {
    PyObject *legal = state_legal_tuple(s);
    if (legal == NULL) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(legal);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyTuple_GET_ITEM(legal, i) == move) {
            return state_do(s, (int)i);
        }
    }
    Py_RETURN_NONE;
}

/* apply(code): carry out the move of that dense code, which must be legal now. */
static PyObject *state_apply(StateObject *s, PyObject *arg) {
    long code = PyLong_AsLong(arg);
    if (code == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Match *m = &s->m;
    int n = s->over ? 0 : m->moves_n;
    for (int i = 0; i < n; i++) {
        if ((long)dense_code(m->t, m->moves[i]) == code) {
            return state_do(s, i);
        }
    }
    return PyErr_Format(PyExc_ValueError, "the move code %ld is not legal now", code);
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
    StateObject *twin = PyObject_New(StateObject, &StateType);
    if (twin == NULL) {
        return NULL;
    }
    const Match *from = &s->m;
    twin->m = *from;
    Match *m = &twin->m;
    m->bag = NULL;
    m->face = m->colour = m->kind = m->in_tray = m->showing = m->fits = NULL;
    m->offered = NULL;
    m->hand = NULL;
    m->moves = m->wild_draws = NULL;
    m->gains = NULL;
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        m->reserve[seat] = NULL;
    }
    memset(&m->c.outcomes, 0, sizeof m->c.outcomes);
    memset(&m->c.counts, 0, sizeof m->c.counts);
    memset(&m->c.choices, 0, sizeof m->c.choices);
    memset(&m->c.seats, 0, sizeof m->c.seats);
    memset(&m->c.chosen, 0, sizeof m->c.chosen);
    memset(&m->c.legal, 0, sizeof m->c.legal);
    memset(&twin->history, 0, sizeof twin->history);
    twin->cell_die = NULL;
    twin->tables = Py_NewRef(s->tables);
    twin->objects = Py_NewRef(s->objects);
    twin->faces = Py_NewRef(s->faces);
    twin->symbols = Py_NewRef(s->symbols);
    twin->dice = Py_NewRef(s->dice);
    twin->colours = Py_NewRef(s->colours);
    twin->phases = Py_NewRef(s->phases);
    twin->legal = NULL;
    twin->over = s->over;
    if (state_allocate(twin, (size_t)from->moves_n) < 0) {
        Py_DECREF(twin);
        return NULL;
    }
    const Tables *t = m->t;
    size_t size = (size_t)t->size;
    memcpy(m->bag, from->bag, (size_t)from->bag_n * sizeof *m->bag);
    memcpy(m->face, from->face, size);
    memcpy(m->colour, from->colour, size);
    memcpy(m->kind, from->kind, size);
    memcpy(m->offered, from->offered, size * sizeof *m->offered);
    memcpy(m->in_tray, from->in_tray, (size_t)t->dice);
    memcpy(m->hand, from->hand, (size_t)from->hand_n * sizeof *m->hand);
    memcpy(m->showing, from->showing, (size_t)from->hand_n);
    for (int seat = 0; seat < m->c.players; seat++) {
        memcpy(m->reserve[seat], from->reserve[seat],
               (size_t)from->reserve_n[seat] * sizeof *m->reserve[seat]);
    }
    memcpy(m->moves, from->moves, (size_t)from->moves_n * sizeof *m->moves);
    memcpy(twin->cell_die, s->cell_die, size * sizeof *twin->cell_die);
    if (history && (buffer_copy(&m->c.outcomes, &from->c.outcomes) < 0 ||
                    buffer_copy(&twin->history, &s->history) < 0)) {
        Py_DECREF(twin);
        return PyErr_NoMemory();
    }
    return (PyObject *)twin;
}

/* A tuple of the dice numbered in items, as Die objects. */
static PyObject *dice_tuple(StateObject *s, const uint16_t *items, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(PyTuple_GET_ITEM(s->dice, items[i])));
    }
    return tuple;
}

/* Coverall.view_data: the same dict, built from the engine's state (everything but the bag's
 * order is open, so it is the same for every seat). */
static PyObject *state_view_data(StateObject *s, PyObject *unused) {
    (void)unused;
    Match *m = &s->m;
    const Tables *t = m->t;
    int size = t->size;
    PyObject *tray = PyTuple_New(size), *tray_dice = PyTuple_New(size);
    PyObject *kinds = PyTuple_New(size), *colours = PyTuple_New(size);
    PyObject *hand = PyTuple_New(m->hand_n), *hand_dice = NULL;
    PyObject *reserves = PyTuple_New(m->c.players), *points = PyTuple_New(m->c.players);
    PyObject *result = NULL;
    if (tray == NULL || tray_dice == NULL || kinds == NULL || colours == NULL || hand == NULL ||
        reserves == NULL || points == NULL) {
        goto done;
    }
    for (int cell = 0; cell < size; cell++) {
        int code = m->face[cell];
        PyObject *face = code == EMPTY ? Py_None : PyTuple_GET_ITEM(s->faces, code);
        PyObject *symbol = code == EMPTY ? Py_None : PyTuple_GET_ITEM(s->symbols, code);
        int die = s->cell_die[cell];
        PyObject *held = die == 0xffff || code == EMPTY ? Py_None : PyTuple_GET_ITEM(s->dice, die);
        int colour = m->colour[cell];
        PyObject *counts_as = colour == NO_COLOUR ? Py_None : PyTuple_GET_ITEM(s->colours, colour);
        PyTuple_SET_ITEM(tray, cell, Py_NewRef(face));
        PyTuple_SET_ITEM(tray_dice, cell, Py_NewRef(held));
        PyTuple_SET_ITEM(kinds, cell, Py_NewRef(symbol));
        PyTuple_SET_ITEM(colours, cell, Py_NewRef(counts_as));
    }
    for (int i = 0; i < m->hand_n; i++) {
        PyTuple_SET_ITEM(hand, i, Py_NewRef(PyTuple_GET_ITEM(s->faces, m->showing[i])));
    }
    hand_dice = dice_tuple(s, m->hand, m->hand_n);
    if (hand_dice == NULL) {
        goto done;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        PyObject *reserve = dice_tuple(s, m->reserve[seat], m->reserve_n[seat]);
        PyObject *scored = PyLong_FromLongLong(m->points[seat]);
        if (reserve == NULL || scored == NULL) {
            Py_XDECREF(reserve);
            Py_XDECREF(scored);
            goto done;
        }
        PyTuple_SET_ITEM(reserves, seat, reserve);
        PyTuple_SET_ITEM(points, seat, scored);
    }
    result = Py_BuildValue(
        "{s:O,s:O,s:O,s:O,s:O,s:i,s:i,s:O,s:O,s:O,s:i,s:i,s:i,s:O}", "phase",
        PyTuple_GET_ITEM(s->phases, m->phase), "tray", tray, "tray_dice", tray_dice, "kinds",
        kinds, "colours", colours, "open_half", m->open_region, "holder", m->holder, "hand", hand,
        "hand_dice", hand_dice, "reserves", reserves, "bag", m->bag_n, "direction", m->direction,
        "starter", m->starter, "points", points);
done:
    Py_XDECREF(tray);
    Py_XDECREF(tray_dice);
    Py_XDECREF(kinds);
    Py_XDECREF(colours);
    Py_XDECREF(hand);
    Py_XDECREF(hand_dice);
    Py_XDECREF(reserves);
    Py_XDECREF(points);
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
    if (s->over || s->m.to_act < 0) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(s->m.to_act);
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
    PyObject *winners = PyTuple_New(n);
    if (winners == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(winners, i, PyLong_FromLong(seats[i]));
    }
    return winners;
}

/* history(): the dense codes of the moves played, as bytes (uint32 each, native order). */
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

/* bag(): the dice in the bag, in its order, as a tuple of their numbers. */
static PyObject *state_bag(StateObject *s, PyObject *unused) {
    (void)unused;
    PyObject *bag = PyTuple_New(s->m.bag_n);
    if (bag == NULL) {
        return NULL;
    }
    for (int i = 0; i < s->m.bag_n; i++) {
        PyTuple_SET_ITEM(bag, i, PyLong_FromLong(s->m.bag[i]));
    }
    return bag;
}

/* determinize(bag, seed): the bag in the order given (the same dice) and chance seeded anew,
 * with no outcomes and no moves so far. */
static PyObject *state_determinize(StateObject *s, PyObject *args) {
    PyObject *order, *seed;
    if (!PyArg_ParseTuple(args, "OO", &order, &seed)) {
        return NULL;
    }
    Match *m = &s->m;
    PyObject *sequence = PySequence_Fast(order, "the bag is a sequence of dice numbers");
    if (sequence == NULL) {
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(sequence);
    if (n != m->bag_n) {
        Py_DECREF(sequence);
        PyErr_SetString(PyExc_ValueError, "a new order of the bag holds the same dice");
        return NULL;
    }
    uint8_t *seen = calloc((size_t)m->t->dice, 1);
    uint16_t *ordered = malloc((size_t)(n > 0 ? n : 1) * sizeof *ordered);
    if (seen == NULL || ordered == NULL) {
        free(seen);
        free(ordered);
        Py_DECREF(sequence);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < m->bag_n; i++) {
        seen[m->bag[i]] = 1;
    }
    int bad = 0;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        long die = PyLong_AsLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (die < 0 || die >= m->t->dice || seen[die] != 1) {
            bad = 1;
        } else {
            seen[die] = 2;
            ordered[i] = (uint16_t)die;
        }
    }
    Py_DECREF(sequence);
    free(seen);
    if (bad || PyErr_Occurred()) {
        free(ordered);
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "a new order of the bag holds the same dice");
        }
        return NULL;
    }
    mt19937 chance;
    if (seed_from(seed, &chance) < 0) {
        free(ordered);
        return NULL;
    }
    memcpy(m->bag, ordered, (size_t)n * sizeof *ordered);
    free(ordered);
    m->c.chance = chance;
    m->c.outcomes.size = 0;
    s->history.size = 0;
    Py_CLEAR(s->legal);
    Py_RETURN_NONE;
}

/* The heuristic agent's scratch in a playout (Match.fits, Match.gains), one for every state
 * of the module as state_wild_draws is, grown to the largest dice set and tray played out. */
static uint8_t *state_fits;
static size_t state_fits_room;
static long long *state_gains;
static size_t state_gains_room;

/* The state's match given the heuristic's scratch; 0, or -1 with MemoryError set. */
static int state_scratch(Match *m) {
    size_t fits = (size_t)m->t->faces * (size_t)m->t->size, gains = most_moves_of(m->t);
    if (fits > state_fits_room) {
        uint8_t *room = realloc(state_fits, fits);
        if (room == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        state_fits = room;
        state_fits_room = fits;
    }
    if (gains > state_gains_room) {
        long long *room = realloc(state_gains, gains * sizeof *room);
        if (room == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        state_gains = room;
        state_gains_room = gains;
    }
    m->fits = state_fits;
    m->gains = state_gains;
    return 0;
}

/* play_out(agent, seed, until_match, max_moves): the game played on by the engine's own agent
 * of that kind at every seat (see playout_begin), each move as play() carries it out, to the
 * end of the game of the set (the next begun, or the match over), or of the match when
 * until_match, or for at most max_moves moves (no limit when negative); how many moves were
 * played. */
static PyObject *state_play_out(StateObject *s, PyObject *args) {
    int kind, until_match;
    unsigned long long seed;
    long long max_moves;
    if (playout_args(args, &kind, &seed, &until_match, &max_moves) < 0) {
        return NULL;
    }
    Match *m = &s->m;
    PlayoutSaved saved;
    if (state_scratch(m) < 0) {
        return NULL;
    }
    if (playout_begin(&m->c, kind, seed, &saved) < 0) {
        m->fits = NULL;
        m->gains = NULL;
        return NULL;
    }
    long round = m->c.round;
    long long played = 0;
    int failed = 0;
    while (!s->over && (until_match || m->c.round == round) &&
           (max_moves < 0 || played < max_moves)) {
        if (m->moves_n <= 0) {
            PyErr_SetString(PyExc_SystemError, "a decision with no legal move");
            failed = 1;
            break;
        }
        if (state_step(s, choose(m)) < 0) {
            failed = 1;
            break;
        }
        played++;
    }
    playout_end(&m->c, &saved);
    m->fits = NULL; /* the module's, not the state's */
    m->gains = NULL;
    return failed ? NULL : PyLong_FromLongLong(played);
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
    {"view_data", (PyCFunction)state_view_data, METH_NOARGS, "The variant's part of a view."},
    {"to_act", (PyCFunction)state_to_act, METH_NOARGS, "The seat to decide, or None."},
    {"over", (PyCFunction)state_over, METH_NOARGS, "Whether the match is over."},
    {"round", (PyCFunction)state_round, METH_NOARGS, "The game's number in the set, from 1."},
    {"totals", (PyCFunction)state_totals, METH_NOARGS, "The match totals."},
    {"winners", (PyCFunction)state_winners, METH_NOARGS, "The winners once over."},
    {"history", (PyCFunction)state_history, METH_NOARGS, "The moves' codes (uint32 bytes)."},
    {"outcomes", (PyCFunction)state_outcomes, METH_NOARGS, "The outcomes (uint32 bytes)."},
    {"moves_played", (PyCFunction)state_moves_played, METH_NOARGS, "How many moves so far."},
    {"bag", (PyCFunction)state_bag, METH_NOARGS, "The bag's dice, in order."},
    {"determinize", (PyCFunction)state_determinize, METH_VARARGS,
     "Put the bag in the order given and seed chance anew (seed words)."},
    {"play_out", (PyCFunction)state_play_out, METH_VARARGS,
     "play_out(agent, seed, until_match, max_moves): play on with the engine's agent of that "
     "kind at every seat, to the end of the game of the set (the match's), or max_moves moves "
     "(none when negative); how many moves were played."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "unodice._native._coverall.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A coverall match played a decision at a time (made by new_state).",
    .tp_methods = state_methods,
};

static PyMethodDef methods[] = {
    {"make_tables", make_tables, METH_VARARGS,
     "make_tables(faces, dice, next_to_a_die, rows, columns, partition, symbol, colour, value, "
     "roll, wd4, effect, reserve, wants, offers, die_faces, die_wants, wild_die, fixed_roll, "
     "region_of, neighbours, rays, ray_cells)\n--\n\n"
     "The lookups of one dice set and tray shape, as the engine reads them (a capsule)."},
    {"play_match", (PyCFunction)(void (*)(void))play_match, METH_VARARGS | METH_KEYWORDS,
     "play_match(tables, players, seed, agent_seeds, agents, two_player_reverse_skips, "
     "set_of_games, max_decisions, detail)\n--\n\n"
     "Play one whole match between built-in agents; a dict of what happened."},
    {"play_many", (PyCFunction)(void (*)(void))play_many, METH_VARARGS | METH_KEYWORDS,
     "play_many(tables, players, seeds, agent_seeds, agents, two_player_reverse_skips, "
     "set_of_games, max_decisions)\n--\n\n"
     "Play one match per seed (whole numbers below 2**64; the agents' seeds flat, match by "
     "match), nothing recorded: (ends, totals, winners, rounds, decisions) as bytes."},
    {"new_state", new_state, METH_VARARGS,
     "new_state(tables, players, seed, options, objects, faces, symbols, dice, colours, "
     "phases)\n--\n\n"
     "A match to step from Python, dealt from seed (its words), with options "
     "(two_player_reverse_skips, set_of_games)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "unodice._native._coverall",
    "The coverall game in C: whole matches between built-in agents, the same as the Python "
    "engine plays them.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__coverall(void) {
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
