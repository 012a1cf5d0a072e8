/* The centre-die game (rules CD-1 to CD-11) in C: whole matches between built-in agents.
 *
 * A second implementation of src/unodice/variants/centre_die/rules.py, which stays the source
 * of truth: the same legal moves in the same order at every decision, the same chance drawn in
 * the same order (mt19937.h is random.Random as CPython runs it), so a match played here is
 * the match the Python engine plays from the same seeds. Every function below names the
 * method of rules.py (or of unodice.core.uno) it follows.
 *
 * Nothing here knows the dice: the face lookups of the component set (what matches what, what
 * each face is worth and does, the faces of each die) are handed in from Python once per set
 * (make_tables), and play_match plays one whole match with them.
 */
#define MAX_PLAYERS 6
#include "match.h"

#if defined(_MSC_VER)
#include <intrin.h>
#endif
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define HAVE_SSE2 1
#endif

#define COLOURS 4
/* Room a hand's arrays keep beyond the dice they can hold, so that 16 codes or dice can be
 * read or moved at once from any place in the hand (what is beyond its end is never used). */
#define HAND_SLACK 16
/* Room for every legal move: at most a catch, eight plays per face and a word; and room for
 * the eight a face's plays are copied as, at once, after the last. */
#define MAX_MOVES (8 * 64 + 4 + 8)

/* Face kinds (lookups.py). */
#define NORMAL 0
#define WILD 1
#define WILD_DRAW_FOUR 2

/* What a face does when played or left as the last die (its symbol). */
#define EFFECT_NONE 0
#define EFFECT_R 1
#define EFFECT_S 2
#define EFFECT_D2 3
#define EFFECT_WD4 4

/* Phases (state.py). */
#define STEP_ONE 0
#define STEP_TWO 1
#define STEP_THREE 2
#define ANSWERING_WD4 3
#define CATCHING 4
#define ROUND_OVER 5

/* Moves, as small whole numbers: the kind in bits 0-2, the face code in bits 3-10, the
 * declared colour plus one in bits 11-13 (0: none), the Uno call in bit 14. */
#define M_PLAY 0
#define M_BLUFF 1
#define M_DECLINE 2
#define M_DRAW 3
#define M_KEEP 4
#define M_CHALLENGE 5
#define M_ACCEPT 6
#define M_CATCH 7
#define MOVE(kind, code, colour, uno) \
    ((uint16_t)((kind) | ((code) << 3) | (((colour) + 1) << 11) | ((uno) << 14)))
#define MOVE_KIND(move) ((move) & 7)
#define MOVE_CODE(move) (((move) >> 3) & 0xff)
#define MOVE_COLOUR(move) ((int)(((move) >> 11) & 7) - 1)
#define MOVE_UNO(move) (((move) >> 14) & 1)

/* The gains of rules.py's gain(), for the greedy agent (whole numbers, as they all are). */
#define GOING_OUT_GAIN 1000
#define CATCH_GAIN 500
#define GOOD_CHALLENGE_GAIN 100
#define BAD_CHALLENGE_GAIN (-100)
#define UNO_CALL_GAIN 1
#define BLUFF_GAIN (-1)

/* -- the lookups of one component set ------------------------------------------------------- */

typedef struct {
    int faces;           /* distinct faces (codes 0 .. faces-1) */
    int keys;            /* centre keys: faces + one per declared colour */
    int dice;            /* dice in the set, in the set's order (the order of a full bag) */
    int wd4_code;        /* the code of the WD4 face, or -1 */
    uint8_t *kind;       /* per code: NORMAL, WILD, WILD_DRAW_FOUR */
    uint8_t *value;      /* per code: points when left in a hand (CD-10) */
    uint8_t *effect;     /* per code: EFFECT_* */
    uint8_t *command;    /* per code: R, S or D2 */
    uint8_t *number;     /* per code: a number face */
    uint8_t *symbol;     /* per code: the symbol, numbered (equal symbols, equal numbers) */
    uint8_t *colour;     /* per code: the colour's index, or 255 for W and WD4 */
    uint8_t *matches;    /* keys x faces: matches by CD-2 */
    uint8_t *playable;   /* keys x faces: may be put on the key (matching, or wild) */
    uint8_t *die_faces;  /* dice x 6: the code of each face of each die */
    uint8_t *numbered;   /* per die: has a number face */
    uint8_t *die_playable; /* keys x dice: some face of the die may be put on the key */
    uint64_t *match_mask;    /* per key: the codes that match it, as bits */
    uint64_t *playable_mask; /* per key: the codes that may be put on it, as bits */
    /* CentreDieLookups.plays and .bluffs as the engine writes them: per code (the bluffs:
     * one more row) and Uno call (0, 1), the moves (up to 8) and how many */
    uint16_t plays[65][2][8];
    uint8_t play_count[65][2];
} Tables;

static const char TABLES_NAME[] = "unodice._native._centre_die.tables";

static void tables_free(Tables *t) {
    if (t == NULL) {
        return;
    }
    free(t->kind);
    free(t->value);
    free(t->effect);
    free(t->command);
    free(t->number);
    free(t->symbol);
    free(t->colour);
    free(t->matches);
    free(t->playable);
    free(t->die_faces);
    free(t->numbered);
    free(t->die_playable);
    free(t->match_mask);
    free(t->playable_mask);
    free(t);
}

static void tables_capsule_free(PyObject *capsule) {
    tables_free((Tables *)PyCapsule_GetPointer(capsule, TABLES_NAME));
}

static inline int add_plays(const Tables *t, uint16_t *out, int n, int code, int call);
static inline int add_bluffs(const Tables *t, uint16_t *out, int n, int call);

static PyObject *make_tables(PyObject *self, PyObject *args) {
    int faces, dice, wd4_code;
    PyObject *kind, *value, *effect, *command, *number, *symbol, *colour, *matches, *playable,
        *die_faces, *numbered;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiiSSSSSSSSSSS", &faces, &dice, &wd4_code, &kind, &value,
                          &effect, &command, &number, &symbol, &colour, &matches, &playable,
                          &die_faces, &numbered)) {
        return NULL;
    }
    if (faces < 1 || faces > 64 || dice < 1 || dice > 65535 || wd4_code >= faces) {
        PyErr_SetString(PyExc_ValueError, "make_tables: a set of 1 to 64 faces, 1 to 65535 dice");
        return NULL;
    }
    Tables *t = calloc(1, sizeof(Tables));
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    t->faces = faces;
    t->keys = faces + COLOURS;
    t->dice = dice;
    t->wd4_code = wd4_code;
    if ((t->kind = copy_bytes(kind, faces, "kind")) == NULL ||
        (t->value = copy_bytes(value, faces, "value")) == NULL ||
        (t->effect = copy_bytes(effect, faces, "effect")) == NULL ||
        (t->command = copy_bytes(command, faces, "command")) == NULL ||
        (t->number = copy_bytes(number, faces, "number")) == NULL ||
        (t->symbol = copy_bytes(symbol, faces, "symbol")) == NULL ||
        (t->colour = copy_bytes(colour, faces, "colour")) == NULL ||
        (t->matches = copy_bytes(matches, (Py_ssize_t)t->keys * faces, "matches")) == NULL ||
        (t->playable = copy_bytes(playable, (Py_ssize_t)t->keys * faces, "playable")) == NULL ||
        (t->die_faces = copy_bytes(die_faces, (Py_ssize_t)dice * 6, "die_faces")) == NULL ||
        (t->numbered = copy_bytes(numbered, dice, "numbered")) == NULL) {
        tables_free(t);
        return NULL;
    }
    for (int i = 0; i < dice * 6; i++) {
        if (t->die_faces[i] >= faces) {
            tables_free(t);
            PyErr_SetString(PyExc_ValueError, "die_faces: a code beyond the faces");
            return NULL;
        }
    }
    t->die_playable = malloc((size_t)t->keys * (size_t)dice);
    if (t->die_playable == NULL) {
        tables_free(t);
        return PyErr_NoMemory();
    }
    for (int key = 0; key < t->keys; key++) {
        for (int die = 0; die < dice; die++) {
            uint8_t any = 0;
            for (int f = 0; f < 6; f++) {
                any |= t->playable[key * faces + t->die_faces[die * 6 + f]];
            }
            t->die_playable[key * dice + die] = any;
        }
    }
    t->match_mask = calloc((size_t)t->keys, sizeof *t->match_mask);
    t->playable_mask = calloc((size_t)t->keys, sizeof *t->playable_mask);
    if (t->match_mask == NULL || t->playable_mask == NULL) {
        tables_free(t);
        return PyErr_NoMemory();
    }
    for (int key = 0; key < t->keys; key++) {
        for (int code = 0; code < faces; code++) {
            if (t->matches[key * faces + code]) {
                t->match_mask[key] |= (uint64_t)1 << code;
            }
            if (t->playable[key * faces + code]) {
                t->playable_mask[key] |= (uint64_t)1 << code;
            }
        }
    }
    for (int code = 0; code <= faces; code++) {
        for (int call = 0; call < 2; call++) {
            int n = code < faces ? add_plays(t, t->plays[code][call], 0, code, call)
                                 : (t->wd4_code >= 0 ? add_bluffs(t, t->plays[code][call], 0, call)
                                                     : 0);
            t->play_count[code][call] = (uint8_t)n;
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
    int target, rounds, two_player_reverse_skips, penalty, draw_when_able, any_opponent;
    /* the round (CentreDieState) */
    uint16_t *bag;
    int bag_n;
    uint16_t *hand_die[MAX_PLAYERS];
    uint8_t *hand_code[MAX_PLAYERS];
    int hand_n[MAX_PLAYERS];
    uint64_t hand_bits[MAX_PLAYERS];      /* per seat, the codes the hand shows, as bits */
    int current, direction, reverse_skips;
    int centre_die, centre_code, centre_colour, centre_key;
    int pending, pending_seat, pending_illegal, pending_die, pending_code, pending_colour;
    int phase, uno_missed, catchable, to_act;
    int catchers[MAX_PLAYERS];
    int n_catchers;
    uint16_t *drawn; /* scratch: dice drawn together, before they are rolled */
    /* the match (Game) */
    int round_over, round_winner;
} Match;

/* Chance.roll: the code of the face the die shows. */
static inline int chance_roll(Match *m, int die) {
    int value = core_below(&m->c, 6);
    return m->t->die_faces[die * 6 + value];
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

static inline int next_seat(Match *m, int seat) {
    return seat_mod(seat + m->direction, m->c.players);
}

/* _set_centre, with FaceLookup.centre_key */
static inline void set_centre(Match *m, int die, int code, int colour) {
    m->centre_die = die;
    m->centre_code = code;
    m->centre_colour = colour;
    m->centre_key = colour < 0 ? code : m->t->faces + colour;
}

/* The lowest bit set in a mask that has one. */
static inline int lowest_bit(uint64_t mask) {
#if defined(_MSC_VER)
    unsigned long index;
    _BitScanForward64(&index, mask);
    return (int)index;
#else
    return __builtin_ctzll(mask);
#endif
}

/* Whether a hand's first n codes show code; where first, in *index when it is given. */
static inline int first_showing(const uint8_t *codes, int n, int code, int *index) {
#ifdef HAVE_SSE2
    if (n <= 16) { /* the usual hand: its codes compared at once, no loop (the arrays have
                    * room for 16 codes from their start, HAND_SLACK) */
        __m128i row = _mm_loadu_si128((const __m128i *)codes);
        unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(row, _mm_set1_epi8((char)code)));
        same &= (1u << n) - 1u;
        if (index != NULL && same) {
            *index = lowest_bit(same);
        }
        return same != 0;
    }
#endif
    for (int i = 0; i < n; i++) {
        if (codes[i] == code) {
            if (index != NULL) {
                *index = i;
            }
            return 1;
        }
    }
    return 0;
}

/* A die showing code joins the end of a hand. */
static inline void hand_add(Match *m, int seat, int die, int code) {
    int n = m->hand_n[seat]++;
    m->hand_die[seat][n] = (uint16_t)die;
    m->hand_code[seat][n] = (uint8_t)code;
    m->hand_bits[seat] |= (uint64_t)1 << code;
}

/* The die at index leaves a hand, which keeps its order; the die. */
static inline int hand_remove(Match *m, int seat, int index) {
    uint8_t *codes = m->hand_code[seat];
    uint16_t *dice = m->hand_die[seat];
    int n = m->hand_n[seat];
    int die = dice[index], code = codes[index];
#ifdef HAVE_SSE2
    if (n - index <= 16) { /* the usual hand: the next 16 move down at once, no loop */
        __m128i next_codes = _mm_loadu_si128((const __m128i *)(codes + index + 1));
        __m128i next_dice = _mm_loadu_si128((const __m128i *)(dice + index + 1));
        __m128i later_dice = _mm_loadu_si128((const __m128i *)(dice + index + 9));
        _mm_storeu_si128((__m128i *)(codes + index), next_codes);
        _mm_storeu_si128((__m128i *)(dice + index), next_dice);
        _mm_storeu_si128((__m128i *)(dice + index + 8), later_dice);
    } else
#endif
    {
        for (int i = index + 1; i < n; i++) {
            codes[i - 1] = codes[i];
            dice[i - 1] = dice[i];
        }
    }
    m->hand_n[seat] = n - 1;
    uint64_t gone = !first_showing(codes, n - 1, code, NULL);
    m->hand_bits[seat] &= ~(gone << code);
    return die;
}

/* A hand emptied of its codes (before it is re-rolled or a round is dealt). */
static inline void hand_forget_codes(Match *m, int seat) { m->hand_bits[seat] = 0; }

/* FaceLookup.has_play for a seat's hand */
static inline int has_play(Match *m, int seat) {
    return (m->hand_bits[seat] & m->t->playable_mask[m->centre_key]) != 0;
}

/* FaceLookup.any_match over a seat's hand */
static inline int any_match(Match *m, int seat) {
    return (m->hand_bits[seat] & m->t->match_mask[m->centre_key]) != 0;
}

/* FaceLookup.any_match over a seat's hand but its last die (the die drawn at step 3) */
static inline int any_match_but_last(Match *m, int seat) {
    uint64_t bits = m->hand_bits[seat];
    int n = m->hand_n[seat] - 1;
    int last = m->hand_code[seat][n];
    if (!first_showing(m->hand_code[seat], n, last, NULL)) {
        bits &= ~((uint64_t)1 << last);
    }
    return (bits & m->t->match_mask[m->centre_key]) != 0;
}

/* Chance.roll for n dice in turn, the codes they show into codes; the codes, as bits. The
 * same draws as chance_roll n times: in a whole match (outputs kept, nothing recorded) the
 * generator's place is held in a register the while, two outputs looked at per die. */
static inline uint64_t roll_dice(Match *m, const uint16_t *dice, uint8_t *codes, int n) {
    MatchCore *c = &m->c;
    const uint8_t *faces = m->t->die_faces;
    uint64_t bits = 0;
    int i = 0;
    if (c->outputs != NULL && c->detail == 0) {
        uint32_t *out = c->outputs;
        int index = c->chance.index;
        for (; i < n && index + 1 < MT_N; i++) {
            uint32_t first = out[index] >> 29; /* below 6: 3 bits */
            uint32_t second = out[index + 1] >> 29;
            uint32_t taken = (uint32_t)(first < 6);
            uint32_t value = second ^ ((first ^ second) & (0U - taken));
            index += 2 - (int)taken;
            if (value >= 6) { /* both thrown away: the first below 6 from there on */
                c->chance.index = index;
                value = mt_below_out(&c->chance, out, 6);
                index = c->chance.index;
            }
            int code = faces[dice[i] * 6 + value];
            codes[i] = (uint8_t)code;
            bits |= (uint64_t)1 << code;
        }
        c->chance.index = index;
    }
    for (; i < n; i++) {
        int code = chance_roll(m, dice[i]);
        codes[i] = (uint8_t)code;
        bits |= (uint64_t)1 << code;
    }
    return bits;
}

/* _draw: draw up to count dice, then roll them, into the hand; how many were drawn. */
static int draw_dice(Match *m, int seat, int count) {
    int k = count < m->bag_n ? count : m->bag_n;
    int n = m->hand_n[seat];
    uint16_t *dice = m->hand_die[seat] + n;
    for (int i = 0; i < k; i++) {
        dice[i] = (uint16_t)bag_draw(m);
    }
    m->hand_bits[seat] |= roll_dice(m, dice, m->hand_code[seat] + n, k);
    m->hand_n[seat] = n + k;
    return k;
}

static int step_three(Match *m, int seat);
static void pass_turn(Match *m, int seat);

/* _step_two: re-roll the whole hand (CD-4); 0 when the turn ends with no decision. */
static int step_two(Match *m, int seat) {
    m->hand_bits[seat] = roll_dice(m, m->hand_die[seat], m->hand_code[seat], m->hand_n[seat]);
    m->phase = STEP_TWO;
    if (has_play(m, seat)) {
        return 1;
    }
    return step_three(m, seat);
}

/* Whether _drawn_die_plays offers anything: the drawn die is the last of the hand. */
static inline int drawn_die_playable(Match *m, int seat) {
    int code = m->hand_code[seat][m->hand_n[seat] - 1];
    if (m->t->kind[code] == NORMAL) {
        return m->t->matches[m->centre_key * m->t->faces + code];
    }
    return 1;
}

/* _step_three: draw one die (CD-5); 1 when the player may play it. */
static int step_three(Match *m, int seat) {
    if (!draw_dice(m, seat, 1)) {
        return 0;
    }
    if (!drawn_die_playable(m, seat)) {
        return 0;
    }
    m->phase = STEP_THREE;
    return 1;
}

/* _open_catch_window (CD-9) with uno.may_catch and uno.catchers */
static int open_catch_window(Match *m, int seat) {
    int offender = m->uno_missed;
    m->uno_missed = -1;
    if (offender < 0 || offender == seat || m->hand_n[offender] != 1) {
        return 0;
    }
    m->catchable = offender;
    if (m->any_opponent) {
        int asked[MAX_PLAYERS];
        int n = 0;
        for (int i = 1; i < m->c.players; i++) {
            int other = seat_mod(offender + m->direction * i, m->c.players);
            if (other != seat && other != offender) {
                asked[n++] = other;
            }
        }
        asked[n++] = seat;
        if (n > 1) {
            m->phase = CATCHING;
            m->to_act = asked[0];
            m->n_catchers = n - 1;
            for (int i = 1; i < n; i++) {
                m->catchers[i - 1] = asked[i];
            }
        }
    }
    return 1;
}

/* _begin_turn (CD-3); 0 when the turn ended with no decision. */
static int begin_turn(Match *m, int seat) {
    m->current = seat;
    m->phase = STEP_ONE;
    m->to_act = seat;
    if (m->uno_missed >= 0 && open_catch_window(m, seat)) {
        return 1;
    }
    if (has_play(m, seat)) {
        return 1;
    }
    return step_two(m, seat);
}

/* _blocked: the bag is empty and no face of any die in any hand could be put on the centre. */
static int blocked(Match *m) {
    if (m->bag_n) {
        return 0;
    }
    const uint8_t *row = m->t->die_playable + m->centre_key * m->t->dice;
    for (int seat = 0; seat < m->c.players; seat++) {
        for (int i = 0; i < m->hand_n[seat]; i++) {
            if (row[m->hand_die[seat][i]]) {
                return 0;
            }
        }
    }
    return 1;
}

static void end_round(Match *m, int winner) {
    m->phase = ROUND_OVER;
    m->to_act = -1;
    m->catchable = m->uno_missed = -1;
    m->n_catchers = 0;
    m->round_over = 1;
    m->round_winner = winner;
}

/* _pass_turn */
static void pass_turn(Match *m, int seat) {
    int idle_turns = 0;
    while (!begin_turn(m, seat)) {
        idle_turns++;
        if (idle_turns >= m->c.players && blocked(m)) {
            end_round(m, -1); /* _end_blocked_round */
            return;
        }
        seat = advance(m, 0);
    }
}

/* _go_out with uno.final_draw (CD-10) */
static void go_out(Match *m, int seat, int code) {
    int effect = m->t->effect[code];
    if (effect == EFFECT_D2) {
        draw_dice(m, next_seat(m, seat), 2);
    } else if (effect == EFFECT_WD4) {
        draw_dice(m, next_seat(m, seat), 4);
    }
    long long points = 0;
    for (int other = 0; other < m->c.players; other++) {
        for (int i = 0; i < m->hand_n[other]; i++) {
            points += m->t->value[m->hand_code[other][i]];
        }
    }
    m->c.totals[seat] += points;
    end_round(m, seat);
}

/* uno.command_effect: how many seats the turn skips. */
static int command_effect(Match *m, int seat, int code) {
    switch (m->t->effect[code]) {
    case EFFECT_D2:
        draw_dice(m, next_seat(m, seat), 2);
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

/* _await_answer (CD-8) */
static void await_answer(Match *m, int seat, int illegal, int die, int code, int colour) {
    int victim = next_seat(m, m->current);
    m->pending = 1;
    m->pending_seat = seat;
    m->pending_illegal = illegal;
    m->pending_die = die;
    m->pending_code = code;
    m->pending_colour = colour;
    m->phase = ANSWERING_WD4;
    m->to_act = victim;
    if (m->uno_missed >= 0) {
        open_catch_window(m, victim);
    }
}

/* _play (CD-3, CD-6, CD-7) */
static void play(Match *m, int code, int colour, int uno) {
    int seat = m->to_act;
    const uint8_t *codes = m->hand_code[seat];
    int n = m->hand_n[seat];
    int index = n - 1;
    if (m->phase != STEP_THREE) {
        first_showing(codes, n, code, &index);
    }
    int die = hand_remove(m, seat, index);
    n--;
    int wild_draw_four = m->t->kind[code] == WILD_DRAW_FOUR;
    int illegal = wild_draw_four && any_match(m, seat);
    int covered_die = m->centre_die, covered_code = m->centre_code;
    int covered_colour = m->centre_colour;
    set_centre(m, die, code, colour);
    if (n == 0) {
        bag_put(m, covered_die);
        go_out(m, seat, code);
        return;
    }
    if (!uno && n == 1) { /* uno.uno_missed */
        m->uno_missed = seat;
    }
    if (wild_draw_four) {
        await_answer(m, seat, illegal, covered_die, covered_code, covered_colour);
        return;
    }
    bag_put(m, covered_die);
    int skip = m->t->command[code] ? command_effect(m, seat, code) : 0;
    pass_turn(m, advance(m, skip));
}

/* uno.answer_wild_draw_four with keep_wild_draw_four, take_back, after_take_back, play_on */
static void answer(Match *m, int challenged) {
    int victim = m->to_act;
    int offender = m->pending_seat;
    if (challenged && m->pending_illegal) {
        hand_add(m, offender, m->centre_die, m->centre_code);
        m->pending = 0;
        set_centre(m, m->pending_die, m->pending_code, m->pending_colour);
        draw_dice(m, offender, 4);
        if (!begin_turn(m, victim)) {
            pass_turn(m, advance(m, 0));
        }
        return;
    }
    int count = challenged ? 4 + m->penalty : 4;
    bag_put(m, m->pending_die);
    m->pending = 0;
    draw_dice(m, victim, count);
    pass_turn(m, next_seat(m, victim));
}

/* _decline and _draw_one */
static void decline(Match *m) {
    if (!step_two(m, m->to_act)) {
        pass_turn(m, advance(m, 0));
    }
}

static void draw_one(Match *m) {
    if (!step_three(m, m->to_act)) {
        pass_turn(m, advance(m, 0));
    }
}

/* _catch (CD-9) */
static void catch_uno(Match *m, int offender) {
    int catcher = m->to_act;
    draw_dice(m, offender, 2);
    if (m->phase != STEP_ONE || has_play(m, catcher)) {
        return;
    }
    if (!step_two(m, catcher)) {
        pass_turn(m, advance(m, 0));
    }
}

/* _resume_after_catching */
static void resume_after_catching(Match *m, int actor, int catchable) {
    m->to_act = actor;
    m->catchable = catchable;
    if (m->pending) {
        m->phase = ANSWERING_WD4;
        return;
    }
    m->phase = STEP_ONE;
    if (catchable >= 0 || has_play(m, actor)) {
        return;
    }
    if (!step_two(m, actor)) {
        pass_turn(m, advance(m, 0));
    }
}

/* _answer_catching */
static void answer_catching(Match *m, int kind) {
    int offender = m->catchable;
    if (kind == M_CATCH) {
        int last = m->catchers[m->n_catchers - 1];
        m->catchable = -1;
        m->n_catchers = 0;
        draw_dice(m, offender, 2);
        resume_after_catching(m, last, -1);
    } else if (m->n_catchers > 1) {
        m->to_act = m->catchers[0];
        for (int i = 1; i < m->n_catchers; i++) {
            m->catchers[i - 1] = m->catchers[i];
        }
        m->n_catchers--;
    } else {
        int actor = m->catchers[0];
        m->n_catchers = 0;
        resume_after_catching(m, actor, offender);
    }
}

/* apply */
static void apply(Match *m, uint16_t move) {
    int kind = MOVE_KIND(move);
    if (m->phase == CATCHING) {
        answer_catching(m, kind);
        return;
    }
    int catchable = m->catchable;
    m->catchable = -1;
    /* the kinds by how often they come, as plain branches (see legal_moves) */
    if (kind <= M_BLUFF) {
        play(m, MOVE_CODE(move), MOVE_COLOUR(move), MOVE_UNO(move));
    } else if (kind == M_DECLINE) {
        decline(m);
    } else if (kind == M_KEEP) {
        pass_turn(m, advance(m, 0));
    } else if (kind == M_DRAW) {
        draw_one(m);
    } else if (kind == M_ACCEPT) {
        answer(m, 0);
    } else if (kind == M_CHALLENGE) {
        answer(m, 1);
    } else {
        catch_uno(m, catchable);
    }
}

/* -- legal moves ------------------------------------------------------------------------------ */

/* CentreDieLookups.plays[code][call] */
static inline int add_plays(const Tables *t, uint16_t *out, int n, int code, int call) {
    if (t->kind[code] == NORMAL) {
        out[n++] = MOVE(M_PLAY, code, -1, 0);
        if (call) {
            out[n++] = MOVE(M_PLAY, code, -1, 1);
        }
        return n;
    }
    for (int colour = 0; colour < COLOURS; colour++) {
        out[n++] = MOVE(M_PLAY, code, colour, 0);
        if (call) {
            out[n++] = MOVE(M_PLAY, code, colour, 1);
        }
    }
    return n;
}

/* CentreDieLookups.bluffs[call] */
static inline int add_bluffs(const Tables *t, uint16_t *out, int n, int call) {
    for (int colour = 0; colour < COLOURS; colour++) {
        out[n++] = MOVE(M_BLUFF, t->wd4_code, colour, 0);
        if (call) {
            out[n++] = MOVE(M_BLUFF, t->wd4_code, colour, 1);
        }
    }
    return n;
}

/* _plays: one entry per distinct playable face of the hand, in the order of the codes. */
static int hand_plays(Match *m, uint16_t *out, int n) {
    const Tables *t = m->t;
    int seat = m->to_act;
    int hand = m->hand_n[seat];
    uint64_t codes = m->hand_bits[seat];
    uint64_t playable = codes & t->playable_mask[m->centre_key];
    int call = hand == 2;
    int bluffing = (codes & t->match_mask[m->centre_key]) != 0;
    while (playable) {
        int code = lowest_bit(playable);
        playable &= playable - 1;
        int row = t->kind[code] == WILD_DRAW_FOUR && bluffing ? t->faces : code;
        memcpy(out + n, t->plays[row][call], sizeof t->plays[row][call]); /* all 8 at once */
        n += t->play_count[row][call];
    }
    return n;
}

/* legal_moves; out holds room for every move there can be. The phases are tested in the
 * order of how often they come (plain branches, which are foretold better than a jump). */
static int legal_moves(Match *m, uint16_t *out) {
    const Tables *t = m->t;
    int n = 0;
    int phase = m->phase;
    if (phase == STEP_ONE) {
        if (m->catchable >= 0) {
            out[n++] = MOVE(M_CATCH, 0, -1, 0);
        }
        n = hand_plays(m, out, n);
        out[n++] = MOVE(M_DECLINE, 0, -1, 0);
        return n;
    }
    if (phase == STEP_TWO) {
        n = hand_plays(m, out, n);
        if (m->draw_when_able) {
            out[n++] = MOVE(M_DRAW, 0, -1, 0);
        }
        return n;
    }
    if (phase == STEP_THREE) {
        /* _drawn_die_plays */
        int seat = m->to_act;
        int hand = m->hand_n[seat];
        int code = m->hand_code[seat][hand - 1];
        int call = hand == 2;
        int kind = t->kind[code];
        if (kind == NORMAL) {
            if (t->matches[m->centre_key * t->faces + code]) {
                n = add_plays(t, out, n, code, call);
            }
        } else if (kind == WILD_DRAW_FOUR && any_match_but_last(m, seat)) {
            n = add_bluffs(t, out, n, call);
        } else {
            n = add_plays(t, out, n, code, call);
        }
        out[n++] = MOVE(M_KEEP, 0, -1, 0);
        return n;
    }
    if (phase == ANSWERING_WD4) {
        if (m->catchable >= 0) {
            out[n++] = MOVE(M_CATCH, 0, -1, 0);
        }
        out[n++] = MOVE(M_CHALLENGE, 0, -1, 0);
        out[n++] = MOVE(M_ACCEPT, 0, -1, 0);
        return n;
    }
    if (phase == CATCHING) {
        out[n++] = MOVE(M_CATCH, 0, -1, 0);
        out[n++] = MOVE(M_DECLINE, 0, -1, 0);
        return n;
    }
    return 0; /* ROUND_OVER */
}

/* -- agents ----------------------------------------------------------------------------------- */

/* rules.py's gain() for the player to act */
static int gain(Match *m, uint16_t move) {
    switch (MOVE_KIND(move)) {
    case M_PLAY: {
        int points = m->t->value[MOVE_CODE(move)];
        if (m->hand_n[m->to_act] == 1) {
            points += GOING_OUT_GAIN;
        }
        return points + UNO_CALL_GAIN * MOVE_UNO(move);
    }
    case M_CATCH:
        return CATCH_GAIN;
    case M_CHALLENGE:
        return m->pending_illegal ? GOOD_CHALLENGE_GAIN : BAD_CHALLENGE_GAIN;
    case M_BLUFF:
        return BLUFF_GAIN;
    default:
        return 0;
    }
}

/* CentreDieHeuristic._score: a tuple of up to seven numbers, compared as Python compares
 * tuples (the first difference decides; a shorter tuple that is a prefix is less). */
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

static void heuristic_score(Match *m, uint16_t move, int others_play, Score *score) {
    const Tables *t = m->t;
    int kind = MOVE_KIND(move);
    if (kind == M_CATCH) {
        score->length = 1;
        score->item[0] = 4.0;
        return;
    }
    if (kind == M_BLUFF) {
        score->length = 1;
        score->item[0] = -2.0;
        return;
    }
    if (kind != M_PLAY) {
        score->length = 1;
        score->item[0] = 0.0;
        return;
    }
    int seat = m->to_act;
    int next = seat_mod(seat + m->direction, m->c.players);
    int code = MOVE_CODE(move);
    int symbol_effect = t->effect[code];
    int wild = t->kind[code] != NORMAL;
    int theirs = m->hand_n[next];
    int attack = theirs <= 2 && (symbol_effect == EFFECT_D2 || symbol_effect == EFFECT_S ||
                                 symbol_effect == EFFECT_WD4 ||
                                 (symbol_effect == EFFECT_R && m->c.players == 2));
    int colour = wild ? MOVE_COLOUR(move) : t->colour[code];
    int denied = 0;
    for (int i = 0; i < theirs; i++) {
        int die = m->hand_code[next][i];
        if (t->kind[die] != NORMAL || t->colour[die] == colour || t->symbol[die] == t->symbol[code]) {
            denied++;
        }
    }
    double declare = 0.0;
    if (wild && colour >= 0) {
        int own = 0;
        for (int i = 0; i < m->hand_n[seat]; i++) {
            if (t->colour[m->hand_code[seat][i]] == colour) {
                own++;
            }
        }
        declare = own * 0.1;
    }
    score->length = 7;
    score->item[0] = 1.0;
    score->item[1] = m->hand_n[seat] == 1 ? 1.0 : 0.0;
    score->item[2] = MOVE_UNO(move) ? 1.0 : 0.0;
    score->item[3] = attack ? 1.0 : 0.0;
    score->item[4] = wild && others_play ? -1.0 : 0.0;
    score->item[5] = (double)(-denied) + declare;
    score->item[6] = (double)gain(m, move);
}

/* CentreDieHeuristic.choose */
static int heuristic_choose(Match *m, const uint16_t *moves, int count) {
    if (m->phase == ANSWERING_WD4) {
        /* the answer to a WD4 (every answer offers challenge), whatever else is offered */
        uint16_t wanted = m->pending_illegal ? MOVE(M_CHALLENGE, 0, -1, 0) : MOVE(M_ACCEPT, 0, -1, 0);
        for (int i = 0; i < count; i++) {
            if (moves[i] == wanted) {
                return i;
            }
        }
    }
    int others_play = 0;
    for (int i = 0; i < count; i++) {
        if (MOVE_KIND(moves[i]) == M_PLAY && m->t->kind[MOVE_CODE(moves[i])] == NORMAL) {
            others_play = 1;
            break;
        }
    }
    Score best_score, score;
    int best = 0;
    heuristic_score(m, moves[0], others_play, &best_score);
    for (int i = 1; i < count; i++) {
        heuristic_score(m, moves[i], others_play, &score);
        if (score_above(&score, &best_score)) {
            best = i;
            best_score = score;
        }
    }
    return best;
}

static int choose(Match *m, const uint16_t *moves, int count) {
    int seat = m->to_act;
    if (m->c.agent_kind[seat] == AGENT_HEURISTIC) {
        return heuristic_choose(m, moves, count);
    }
    if (m->c.agent_kind[seat] == AGENT_GREEDY) {
        int best = 0, best_gain = gain(m, moves[0]);
        for (int i = 1; i < count; i++) {
            int g = gain(m, moves[i]);
            if (g > best_gain) {
                best = i;
                best_gain = g;
            }
        }
        return best;
    }
    return (int)core_agent_below(&m->c, seat, (uint32_t)count);
}

/* -- the match -------------------------------------------------------------------------------- */

/* start_round (CD-1), with _roll_centre and _deal */
static void start_round(Match *m, int first) {
    const Tables *t = m->t;
    for (int die = 0; die < t->dice; die++) {
        m->bag[die] = (uint16_t)die;
    }
    m->bag_n = t->dice;
    for (int seat = 0; seat < m->c.players; seat++) {
        m->hand_n[seat] = 0;
        hand_forget_codes(m, seat);
    }
    m->current = first;
    m->direction = 1;
    m->reverse_skips = m->c.players == 2 && m->two_player_reverse_skips;
    m->pending = 0;
    m->phase = STEP_ONE;
    m->uno_missed = m->catchable = -1;
    m->n_catchers = 0;
    m->to_act = first;
    m->round_over = 0;
    m->round_winner = -1;
    /* _roll_centre: dice with no number face are set aside, then go back into the bag */
    int put_back = 0;
    int die = bag_draw(m);
    while (!t->numbered[die]) {
        m->drawn[put_back++] = (uint16_t)die;
        die = bag_draw(m);
    }
    for (int i = 0; i < put_back; i++) {
        bag_put(m, m->drawn[i]);
    }
    int code = chance_roll(m, die);
    while (!t->number[code]) {
        code = chance_roll(m, die);
    }
    set_centre(m, die, code, -1);
    for (int i = 0; i < m->c.players; i++) {
        draw_dice(m, seat_mod(first + i, m->c.players), 5);
    }
    if (!begin_turn(m, first)) {
        pass_turn(m, advance(m, 0));
    }
}

static int match_over(Match *m) {
    if (m->rounds > 0) {
        return m->c.round >= m->rounds;
    }
    return core_best(&m->c) >= m->target;
}

/* Returns END_OVER, END_DECISIONS, END_STUCK (out of rounds), or -1 out of memory. */
static int run_match(Match *m) {
    uint16_t moves[MAX_MOVES];
    int first = 0;
    m->c.round = 0;
    for (;;) {
        m->c.round++;
        if (m->c.round > 10000000L) {
            return END_STUCK;
        }
        start_round(m, first);
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
        first = m->round_winner >= 0 ? m->round_winner : 0;
    }
}

/* What a match holds, freed (not the match itself). */
static void match_free(Match *m) {
    free(m->bag);
    free(m->drawn);
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        free(m->hand_die[seat]);
        free(m->hand_code[seat]);
    }
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
    char *keywords[] = {"tables", "players", (char *)seed_name, "agent_seeds", "agents", "target",
                        "rounds", "two_player_reverse_skips", "failed_challenge_penalty",
                        "draw_when_able", "any_opponent", "max_decisions", "detail", NULL};
    PyObject *capsule;
    const char *agents;
    Py_ssize_t agents_length;
    int players, target, rounds, reverse_skips, penalty, draw_when_able, any_opponent;
    int detail = 0;
    long long max_decisions;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOOy#iipippL|i", keywords, &capsule,
                                     &players, seed, agent_seeds, &agents, &agents_length,
                                     &target, &rounds, &reverse_skips, &penalty,
                                     &draw_when_able, &any_opponent, &max_decisions, &detail)) {
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
    if (t->dice < 1 + 5 * players) {
        PyErr_SetString(PyExc_ValueError, "too few dice for a centre die and the hands");
        match_delete(m);
        return NULL;
    }
    m->t = t;
    m->target = target;
    m->rounds = rounds;
    m->two_player_reverse_skips = reverse_skips;
    m->penalty = penalty;
    m->draw_when_able = draw_when_able;
    m->any_opponent = any_opponent;
    m->c.max_decisions = max_decisions;
    m->c.detail = detail;
    m->c.number_size = sizeof(uint16_t);
    m->c.move_size = sizeof(uint16_t);
    m->bag = malloc((size_t)t->dice * sizeof *m->bag);
    m->drawn = malloc((size_t)t->dice * sizeof *m->drawn);
    int lacking = m->bag == NULL || m->drawn == NULL;
    for (int seat = 0; seat < players; seat++) {
        m->hand_die[seat] = calloc((size_t)t->dice + HAND_SLACK, sizeof *m->hand_die[seat]);
        m->hand_code[seat] = calloc((size_t)t->dice + HAND_SLACK, sizeof *m->hand_code[seat]);
        lacking |= m->hand_die[seat] == NULL || m->hand_code[seat] == NULL;
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
 * round dealt, the match ended). It keeps the codes of the moves played and every chance
 * outcome, so that Python can rebuild the game's events by replaying them in its own engine.
 * Nothing of it is reachable from the objects it hands out (moves, views' data). */

typedef struct {
    PyObject_HEAD
    Match m;
    PyObject *tables;  /* the capsule of the Tables m.t points to */
    PyObject *objects; /* a list: the move object of each move code (None where there is none) */
    PyObject *faces;   /* a tuple: the Face of each code */
    PyObject *dice;    /* a tuple: the Die of each die, in the set's order */
    PyObject *colours; /* a tuple: the four Colours, in the engine's order */
    PyObject *phases;  /* a tuple: the name of each phase */
    PyObject *legal;   /* the legal moves now, as a tuple of move objects, or NULL */
    int legal_n;
    int over;
    Buffer history; /* the codes of the moves played, uint16 each */
    uint16_t *legal_codes; /* the codes of the legal moves now (legal_n), or NULL with legal */
} StateObject;

static PyTypeObject StateType;

/* The legal moves now forgotten (a move was played, or chance changed). */
static void state_forget_legal(StateObject *s) {
    Py_CLEAR(s->legal);
    free(s->legal_codes);
    s->legal_codes = NULL;
    s->legal_n = 0;
}

static void state_dealloc(StateObject *s) {
    match_free(&s->m);
    free(s->history.data);
    free(s->legal_codes);
    Py_XDECREF(s->tables);
    Py_XDECREF(s->objects);
    Py_XDECREF(s->faces);
    Py_XDECREF(s->dice);
    Py_XDECREF(s->colours);
    Py_XDECREF(s->phases);
    Py_XDECREF(s->legal);
    PyObject_Free(s);
}

/* Room for the round's dice; 0, or -1 with MemoryError set. */
static int state_allocate(Match *m) {
    const Tables *t = m->t;
    m->bag = malloc((size_t)t->dice * sizeof *m->bag);
    m->drawn = malloc((size_t)t->dice * sizeof *m->drawn);
    if (m->bag == NULL || m->drawn == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        m->hand_die[seat] = calloc((size_t)t->dice + HAND_SLACK, sizeof *m->hand_die[seat]);
        m->hand_code[seat] = calloc((size_t)t->dice + HAND_SLACK, sizeof *m->hand_code[seat]);
        if (m->hand_die[seat] == NULL || m->hand_code[seat] == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* Game._settle: close a finished round, deal the next one or end the match (as run_match). */
static void state_settle(StateObject *s) {
    Match *m = &s->m;
    while (m->round_over) {
        if (match_over(m)) {
            s->over = 1;
            return;
        }
        int first = m->round_winner >= 0 ? m->round_winner : 0;
        m->c.round++;
        start_round(m, first);
    }
}

static PyObject *new_state(PyObject *self, PyObject *args) {
    PyObject *capsule, *seed, *objects, *faces, *dice, *colours, *phases;
    int players, target, rounds, reverse_skips, penalty, draw_when_able, any_opponent;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiO(iipipp)O!O!O!O!O!", &capsule, &players, &seed, &target,
                          &rounds, &reverse_skips, &penalty, &draw_when_able, &any_opponent,
                          &PyList_Type, &objects, &PyTuple_Type, &faces, &PyTuple_Type, &dice,
                          &PyTuple_Type, &colours, &PyTuple_Type, &phases)) {
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
    if (t->dice < 1 + 5 * players) {
        PyErr_SetString(PyExc_ValueError, "too few dice for a centre die and the hands");
        return NULL;
    }
    if (PyList_GET_SIZE(objects) != 1 << 15 || PyTuple_GET_SIZE(faces) != t->faces ||
        PyTuple_GET_SIZE(dice) != t->dice || PyTuple_GET_SIZE(colours) != COLOURS ||
        PyTuple_GET_SIZE(phases) != ROUND_OVER + 1) {
        PyErr_SetString(PyExc_ValueError,
                        "new_state: a move object per code (2**15), a face per code, a die per "
                        "die, four colours and six phases");
        return NULL;
    }
    StateObject *s = PyObject_New(StateObject, &StateType);
    if (s == NULL) {
        return NULL;
    }
    memset(&s->m, 0, sizeof s->m);
    memset(&s->history, 0, sizeof s->history);
    s->tables = Py_NewRef(capsule);
    s->objects = Py_NewRef(objects);
    s->faces = Py_NewRef(faces);
    s->dice = Py_NewRef(dice);
    s->colours = Py_NewRef(colours);
    s->phases = Py_NewRef(phases);
    s->legal = NULL;
    s->legal_codes = NULL;
    s->legal_n = 0;
    s->over = 0;
    Match *m = &s->m;
    m->t = t;
    m->c.players = players;
    m->target = target;
    m->rounds = rounds;
    m->two_player_reverse_skips = reverse_skips;
    m->penalty = penalty;
    m->draw_when_able = draw_when_able;
    m->any_opponent = any_opponent;
    m->c.detail = 1;                                /* keep every chance outcome, */
    m->c.outcome_size = t->dice <= 256 ? 1 : 2;     /* each in as few bytes as it needs */
    if (seed_from(seed, &m->c.chance) < 0 || state_allocate(m) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    m->c.round = 1;
    start_round(m, 0);
    state_settle(s);
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
    uint16_t codes[MAX_MOVES];
    int n = s->over ? 0 : legal_moves(&s->m, codes);
    uint16_t *kept = malloc((size_t)(n > 0 ? n : 1) * sizeof *kept); /* as many as there are */
    if (kept == NULL) {
        return PyErr_NoMemory();
    }
    memcpy(kept, codes, (size_t)n * sizeof *kept);
    PyObject *legal = PyTuple_New(n);
    if (legal == NULL) {
        free(kept);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *object = PyList_GET_ITEM(s->objects, codes[i]);
        if (object == Py_None) {
            Py_DECREF(legal);
            free(kept);
            return PyErr_Format(PyExc_SystemError, "no move object for the code %d",
                                (int)codes[i]);
        }
        PyTuple_SET_ITEM(legal, i, Py_NewRef(object));
    }
    free(s->legal_codes);
    s->legal = legal;
    s->legal_codes = kept;
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
        PyTuple_SET_ITEM(codes, i, PyLong_FromLong(s->legal_codes[i]));
    }
    return codes;
}

/* Carry out the move of a code, legal now: kept in the history, applied, and the match gone on
 * as run_match goes on. 0, or -1 with MemoryError set. */
static int state_step(StateObject *s, uint16_t code) {
    state_forget_legal(s);
    if (buffer_put(&s->history, &code, sizeof code) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->m.c.decisions++;
    apply(&s->m, code);
    state_settle(s);
    if (s->m.c.failed) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Carry out the legal move at index of the legal moves now. */
static PyObject *state_do(StateObject *s, int index) {
    uint16_t code = s->legal_codes[index];
    if (state_step(s, code) < 0) {
        return NULL;
    }
    return PyLong_FromSize_t(s->history.size / sizeof code - 1);
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
    long code = PyLong_AsLong(arg);
    if (code == -1 && PyErr_Occurred()) {
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
    twin->m = s->m;
    Match *m = &twin->m;
    m->c.agent_rng = NULL; /* a stepped game has none, */
    m->c.outputs = NULL;   /* nor outputs kept */
    m->bag = m->drawn = NULL;
    for (int seat = 0; seat < MAX_PLAYERS; seat++) {
        m->hand_die[seat] = NULL;
        m->hand_code[seat] = NULL;
    }
    memset(&m->c.outcomes, 0, sizeof m->c.outcomes);
    memset(&m->c.counts, 0, sizeof m->c.counts);
    memset(&m->c.choices, 0, sizeof m->c.choices);
    memset(&m->c.seats, 0, sizeof m->c.seats);
    memset(&m->c.chosen, 0, sizeof m->c.chosen);
    memset(&m->c.legal, 0, sizeof m->c.legal);
    memset(&twin->history, 0, sizeof twin->history);
    twin->tables = Py_NewRef(s->tables);
    twin->objects = Py_NewRef(s->objects);
    twin->faces = Py_NewRef(s->faces);
    twin->dice = Py_NewRef(s->dice);
    twin->colours = Py_NewRef(s->colours);
    twin->phases = Py_NewRef(s->phases);
    twin->legal = NULL;
    twin->legal_codes = NULL;
    twin->legal_n = 0;
    twin->over = s->over;
    if (state_allocate(m) < 0) {
        Py_DECREF(twin);
        return NULL;
    }
    memcpy(m->bag, s->m.bag, (size_t)s->m.bag_n * sizeof *m->bag);
    for (int seat = 0; seat < m->c.players; seat++) {
        memcpy(m->hand_die[seat], s->m.hand_die[seat], (size_t)m->hand_n[seat] * sizeof(uint16_t));
        memcpy(m->hand_code[seat], s->m.hand_code[seat], (size_t)m->hand_n[seat]);
    }
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

/* CentreDie.view_data: the same dict, built from the engine's state (hands are open, so it is
 * the same for every seat). */
static PyObject *state_view_data(StateObject *s, PyObject *unused) {
    (void)unused;
    Match *m = &s->m;
    const Tables *t = m->t;
    PyObject *faces = s->faces, *dice = s->dice;
    PyObject *hands = PyTuple_New(m->c.players);
    PyObject *hand_dice = PyTuple_New(m->c.players);
    PyObject *catchers = PyTuple_New(m->phase == CATCHING ? m->n_catchers : 0);
    PyObject *covered = NULL, *centre_colour, *drawn, *wd4_legal, *result = NULL;
    if (hands == NULL || hand_dice == NULL || catchers == NULL) {
        goto done;
    }
    for (int seat = 0; seat < m->c.players; seat++) {
        int n = m->hand_n[seat];
        PyObject *shown = PyTuple_New(n), *held = PyTuple_New(n);
        if (shown == NULL || held == NULL) {
            Py_XDECREF(shown);
            Py_XDECREF(held);
            goto done;
        }
        for (int i = 0; i < n; i++) {
            PyTuple_SET_ITEM(shown, i, Py_NewRef(PyTuple_GET_ITEM(faces, m->hand_code[seat][i])));
            PyTuple_SET_ITEM(held, i, Py_NewRef(PyTuple_GET_ITEM(dice, m->hand_die[seat][i])));
        }
        PyTuple_SET_ITEM(hands, seat, shown);
        PyTuple_SET_ITEM(hand_dice, seat, held);
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(catchers); i++) {
        PyTuple_SET_ITEM(catchers, i, PyLong_FromLong(m->catchers[i]));
    }
    if (m->pending) {
        PyObject *colour = colour_or_none(s, m->pending_colour);
        covered = PyTuple_Pack(3, PyTuple_GET_ITEM(dice, m->pending_die),
                               PyTuple_GET_ITEM(faces, m->pending_code), colour);
        Py_DECREF(colour);
        if (covered == NULL) {
            goto done;
        }
    } else {
        covered = Py_NewRef(Py_None);
    }
    int own = t->colour[m->centre_code];
    centre_colour = own != 255 ? colour_or_none(s, own) : colour_or_none(s, m->centre_colour);
    drawn = m->phase == STEP_THREE
                ? PyTuple_GET_ITEM(faces, m->hand_code[m->current][m->hand_n[m->current] - 1])
                : Py_None;
    wd4_legal = m->pending ? PyBool_FromLong(!m->pending_illegal) : Py_NewRef(Py_None);
    result = Py_BuildValue(
        "{s:O,s:N,s:O,s:O,s:O,s:O,s:i,s:i,s:i,s:O,s:O,s:N,s:N,s:O}", "centre",
        PyTuple_GET_ITEM(faces, m->centre_code), "centre_colour", centre_colour, "centre_die",
        PyTuple_GET_ITEM(dice, m->centre_die), "covered", covered, "hands", hands, "hand_dice",
        hand_dice, "bag", m->bag_n, "direction", m->direction, "turn", m->current, "phase",
        PyTuple_GET_ITEM(s->phases, m->phase), "drawn", drawn, "wd4_legal", wd4_legal,
        "catchable", seat_or_none(m->catchable), "catchers", catchers);
done:
    Py_XDECREF(hands);
    Py_XDECREF(hand_dice);
    Py_XDECREF(catchers);
    Py_XDECREF(covered);
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
    PyObject *winners = PyTuple_New(n);
    if (winners == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyTuple_SET_ITEM(winners, i, PyLong_FromLong(seats[i]));
    }
    return winners;
}

/* history(): the codes of the moves played, as bytes (uint16 each, native order). */
static PyObject *state_history(StateObject *s, PyObject *unused) {
    (void)unused;
    return bytes_of(&s->history);
}

/* outcomes(): every chance outcome drawn, as bytes (uint32 each, native order). */
static PyObject *state_outcomes(StateObject *s, PyObject *unused) {
    (void)unused;
    return core_outcomes_bytes(&s->m.c);
}

static PyObject *state_moves_played(StateObject *s, PyObject *unused) {
    (void)unused;
    return PyLong_FromSize_t(s->history.size / sizeof(uint16_t));
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
    state_forget_legal(s);
    Py_RETURN_NONE;
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
    uint16_t moves[MAX_MOVES];
    while (!s->over && (until_match || m->c.round == round) &&
           (max_moves < 0 || played < max_moves)) {
        int count = legal_moves(m, moves);
        if (count <= 0) {
            PyErr_SetString(PyExc_SystemError, "a decision with no legal move");
            failed = 1;
            break;
        }
        if (state_step(s, moves[choose(m, moves, count)]) < 0) {
            failed = 1;
            break;
        }
        played++;
    }
    playout_end(&m->c, &saved);
    return failed ? NULL : PyLong_FromLongLong(played);
}

static PyMethodDef state_methods[] = {
    {"legal", (PyCFunction)state_legal, METH_NOARGS, "The legal moves now (move objects)."},
    {"legal_codes", (PyCFunction)state_legal_codes, METH_NOARGS, "The legal moves' codes."},
    {"play", (PyCFunction)state_play, METH_O,
     "Carry out one of the very move objects legal() offers: its number among the moves played; "
     "None (nothing done) for anything else."},
    {"apply", (PyCFunction)state_apply, METH_O, "Carry out the legal move of a code: its number among the moves played."},
    {"copy", (PyCFunction)state_copy, METH_O,
     "An independent copy; with the moves and outcomes so far when the argument is true."},
    {"view_data", (PyCFunction)state_view_data, METH_NOARGS, "The variant's part of a view."},
    {"to_act", (PyCFunction)state_to_act, METH_NOARGS, "The seat to decide, or None."},
    {"over", (PyCFunction)state_over, METH_NOARGS, "Whether the match is over."},
    {"round", (PyCFunction)state_round, METH_NOARGS, "The round's number, from 1."},
    {"totals", (PyCFunction)state_totals, METH_NOARGS, "The match totals."},
    {"winners", (PyCFunction)state_winners, METH_NOARGS, "The winners once over."},
    {"history", (PyCFunction)state_history, METH_NOARGS, "The moves' codes (uint16 bytes)."},
    {"outcomes", (PyCFunction)state_outcomes, METH_NOARGS, "The outcomes (uint32 bytes)."},
    {"moves_played", (PyCFunction)state_moves_played, METH_NOARGS, "How many moves so far."},
    {"bag", (PyCFunction)state_bag, METH_NOARGS, "The bag's dice, in order."},
    {"determinize", (PyCFunction)state_determinize, METH_VARARGS,
     "Put the bag in the order given and seed chance anew (seed words)."},
    {"play_out", (PyCFunction)state_play_out, METH_VARARGS,
     "play_out(agent, seed, until_match, max_moves): play on with the engine's agent of that "
     "kind at every seat, to the round's end (the match's), or max_moves moves (none when "
     "negative); how many moves were played."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "unodice._native._centre_die.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A centre-die match played a decision at a time (made by new_state).",
    .tp_methods = state_methods,
};

static PyMethodDef methods[] = {
    {"make_tables", make_tables, METH_VARARGS,
     "make_tables(faces, dice, wd4_code, kind, value, effect, command, number, symbol, colour, "
     "matches, playable, die_faces, numbered)\n--\n\n"
     "The lookups of one component set, as the engine reads them (a capsule)."},
    {"play_match", (PyCFunction)(void (*)(void))play_match, METH_VARARGS | METH_KEYWORDS,
     "play_match(tables, players, seed, agent_seeds, agents, target, rounds, "
     "two_player_reverse_skips, failed_challenge_penalty, draw_when_able, any_opponent, "
     "max_decisions, detail)\n--\n\n"
     "Play one whole match between built-in agents; a dict of what happened."},
    {"play_many", (PyCFunction)(void (*)(void))play_many, METH_VARARGS | METH_KEYWORDS,
     "play_many(tables, players, seeds, agent_seeds, agents, target, rounds, "
     "two_player_reverse_skips, failed_challenge_penalty, draw_when_able, any_opponent, "
     "max_decisions)\n--\n\n"
     "Play one match per seed (whole numbers below 2**64; the agents' seeds flat, match by "
     "match), nothing recorded: (ends, totals, winners, rounds, decisions) as bytes."},
    {"new_state", new_state, METH_VARARGS,
     "new_state(tables, players, seed, options, objects, faces, dice, colours, phases)\n--\n\n"
     "A match to step from Python, dealt from seed (its words), with options (target, rounds, "
     "two_player_reverse_skips, failed_challenge_penalty, draw_when_able, any_opponent)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "unodice._native._centre_die",
    "The centre-die game in C: whole matches between built-in agents, the same as the "
    "Python engine plays them.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__centre_die(void) {
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
