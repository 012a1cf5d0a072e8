/* What every native whole-match engine shares: the part of a match that is not its rules.
 *
 * An engine (_centre_die.c, _coverall.c, _dominoes.c) defines MAX_PLAYERS, includes this
 * header, and starts its Match with a MatchCore named `c`: the seats and their agents, the
 * chance and the agents' generators (mt19937.h, seeded as random.Random is), the match's
 * totals, rounds and decisions, and what is recorded of it. It keeps only its rules, its
 * agents and its options; this header gives it the rest:
 *
 * - Buffer: a growable run of bytes, for the records;
 * - seed_from / seed_word: random.Random(seed), from the seed's 32-bit words or from one
 *   whole number below 2**64;
 * - core_seat: the chance and each agent's generator seeded, the agents' kinds checked;
 * - core_outcome / core_below / core_decided: chance drawn and recorded, decisions recorded
 *   and counted;
 * - core_result: the dict play_match returns;
 * - core_play_many: many matches of one setup in one call, and their results in a few bytes
 *   objects (what play_many returns);
 * - copy_bytes: the bytes of a lookup, checked and copied;
 * - seat_mod.
 */
#ifndef UNODICE_MATCH_H
#define UNODICE_MATCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mt19937.h"

/* Every engine allocates through Python's raw allocator: it is malloc's equal (safe without
 * the GIL, which the engines release), and what it hands out is counted by tracemalloc, so
 * that the memory a native game holds shows beside its Python objects' (the benchmark's
 * memory figure, a user's own measure). Python.h has declared the C library's functions
 * above, so these names change only the engines' own calls. */
#define malloc(size) PyMem_RawMalloc(size)
#define calloc(count, size) PyMem_RawCalloc(count, size)
#define realloc(pointer, size) PyMem_RawRealloc(pointer, size)
#define free(pointer) PyMem_RawFree(pointer)

#ifndef MAX_PLAYERS
#error "define MAX_PLAYERS before including match.h"
#endif

/* Agents, as every engine numbers them. */
#define AGENT_RANDOM 0
#define AGENT_GREEDY 1
#define AGENT_HEURISTIC 2

/* How run_match ends: over, out of decisions, or the engine's own third way (out of rounds,
 * turns with no decision); out of memory is -1. */
#define END_OVER 0
#define END_DECISIONS 1
#define END_STUCK 2

/* -- growable records ------------------------------------------------------------------------ */

typedef struct {
    uint8_t *data;
    size_t size;     /* bytes used */
    size_t capacity; /* bytes held */
} Buffer;

static int buffer_put(Buffer *b, const void *item, size_t size) {
    if (b->size + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 64; /* small: states keep many */
        while (capacity < b->size + size) {
            capacity *= 2;
        }
        uint8_t *data = realloc(b->data, capacity);
        if (data == NULL) {
            return -1;
        }
        b->data = data;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, item, size);
    b->size += size;
    return 0;
}

static PyObject *bytes_of(const Buffer *b) {
    return PyBytes_FromStringAndSize((const char *)b->data, (Py_ssize_t)b->size);
}

/* -- the lookups ------------------------------------------------------------------------------- */

/* A copy of bytes of the expected length (a lookup handed in from Python), or NULL with an
 * error set. */
static void *copy_bytes(PyObject *bytes, Py_ssize_t expected, const char *name) {
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != expected) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", name, expected);
        return NULL;
    }
    void *copy = malloc(expected > 0 ? (size_t)expected : 1);
    if (copy == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(copy, PyBytes_AS_STRING(bytes), (size_t)expected);
    return copy;
}

/* -- the part of a match every engine has ---------------------------------------------------- */

typedef struct {
    int players;
    /* chance and agents: the agents' generators (one per seat) only in a match that its
     * agents play (core_agents makes them), NULL in a game stepped from Python */
    mt19937 chance;
    mt19937 *agent_rng;
    uint32_t *outputs; /* with agent_rng: the kept outputs (mt_twist_out) of the chance, then
                        * of each seat's generator, MT_N words each; NULL in a stepped game */
    int agent_kind[MAX_PLAYERS];
    /* the match (Game) */
    long long totals[MAX_PLAYERS];
    long round;
    long long decisions;
    long long max_decisions;
    /* what is recorded (detail >= 1: every decision and outcome; >= 2: every legal move) */
    int detail;
    int failed; /* out of memory while recording */
    size_t number_size; /* bytes per recorded count and choice: 2 or 4 */
    size_t move_size;   /* bytes per move: 2 or 4 */
    size_t outcome_size; /* bytes per recorded outcome: 1, 2, or 4 (0: 4) */
    Buffer outcomes, counts, choices, seats, chosen, legal;
} MatchCore;

static inline int seat_mod(int seat, int players) {
    seat %= players;
    return seat < 0 ? seat + players : seat;
}

/* A chance outcome, recorded when asked. */
static inline void core_outcome(MatchCore *c, uint32_t value) {
    if (c->detail >= 1) {
        int failed;
        if (c->outcome_size == 1) {
            uint8_t small = (uint8_t)value;
            failed = buffer_put(&c->outcomes, &small, 1) < 0;
        } else if (c->outcome_size == 2) {
            uint16_t small = (uint16_t)value;
            failed = buffer_put(&c->outcomes, &small, 2) < 0;
        } else {
            failed = buffer_put(&c->outcomes, &value, sizeof value) < 0;
        }
        if (failed) {
            c->failed = 1;
        }
    }
}

/* The outcomes recorded, as uint32 bytes whatever their recorded size. */
static inline PyObject *core_outcomes_bytes(const MatchCore *c) {
    size_t size = c->outcome_size ? c->outcome_size : 4;
    if (size == 4) {
        return bytes_of(&c->outcomes);
    }
    size_t n = c->outcomes.size / size;
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 4));
    if (bytes == NULL) {
        return NULL;
    }
    uint32_t *out = (uint32_t *)PyBytes_AS_STRING(bytes);
    for (size_t i = 0; i < n; i++) {
        if (size == 1) {
            out[i] = c->outcomes.data[i];
        } else {
            uint16_t value;
            memcpy(&value, c->outcomes.data + 2 * i, 2);
            out[i] = value;
        }
    }
    return bytes;
}

/* Chance.below, recorded */
static inline int core_below(MatchCore *c, int bound) {
    uint32_t value = mt_below_out(&c->chance, c->outputs, (uint32_t)bound);
    core_outcome(c, value);
    return (int)value;
}

/* Whether the match may not take another decision (max_decisions). */
static inline int core_out_of_decisions(const MatchCore *c) {
    return c->decisions >= c->max_decisions;
}

/* The agent at seat chose moves[index] of count legal moves: recorded when asked, counted. */
static inline void core_decided(MatchCore *c, int seat, const void *moves, int count,
                                int index) {
    if (c->detail >= 1) {
        uint8_t s = (uint8_t)seat;
        const uint8_t *chosen = (const uint8_t *)moves + (size_t)index * c->move_size;
        int failed;
        if (c->number_size == 2) {
            uint16_t n = (uint16_t)count, i = (uint16_t)index;
            failed = buffer_put(&c->counts, &n, sizeof n) < 0 ||
                     buffer_put(&c->choices, &i, sizeof i) < 0;
        } else {
            uint32_t n = (uint32_t)count, i = (uint32_t)index;
            failed = buffer_put(&c->counts, &n, sizeof n) < 0 ||
                     buffer_put(&c->choices, &i, sizeof i) < 0;
        }
        if (failed || buffer_put(&c->seats, &s, 1) < 0 ||
            buffer_put(&c->chosen, chosen, c->move_size) < 0 ||
            (c->detail >= 2 &&
             buffer_put(&c->legal, moves, (size_t)count * c->move_size) < 0)) {
            c->failed = 1;
        }
    }
    c->decisions++;
}

/* The highest total. */
static inline long long core_best(const MatchCore *c) {
    long long best = c->totals[0];
    for (int seat = 1; seat < c->players; seat++) {
        if (c->totals[seat] > best) {
            best = c->totals[seat];
        }
    }
    return best;
}

/* Made ready for a new match of the same setup: no totals, rounds, decisions or records. */
static void core_restart(MatchCore *c) {
    memset(c->totals, 0, sizeof c->totals);
    c->round = 0;
    c->decisions = 0;
    c->failed = 0;
    c->outcomes.size = c->counts.size = c->choices.size = 0;
    c->seats.size = c->chosen.size = c->legal.size = 0;
}

static void core_free(MatchCore *c) {
    free(c->outcomes.data);
    free(c->counts.data);
    free(c->choices.data);
    free(c->seats.data);
    free(c->chosen.data);
    free(c->legal.data);
    free(c->agent_rng);
    free(c->outputs);
}

/* The agent at seat draws below bound from its generator (an agent's choice among moves). */
static inline uint32_t core_agent_below(MatchCore *c, int seat, uint32_t bound) {
    uint32_t *out = c->outputs != NULL ? c->outputs + (size_t)(seat + 1) * MT_N : NULL;
    return mt_below_out(&c->agent_rng[seat], out, bound);
}

/* -- seeds ----------------------------------------------------------------------------------- */

/* random.Random(seed): the seed given as its 32-bit words, least significant first. */
static int seed_from(PyObject *words, mt19937 *mt) {
    PyObject *sequence = PySequence_Fast(words, "a seed is given as a sequence of 32-bit words");
    if (sequence == NULL) {
        return -1;
    }
    Py_ssize_t length = PySequence_Fast_GET_SIZE(sequence);
    if (length < 1 || length > 1024) {
        Py_DECREF(sequence);
        PyErr_SetString(PyExc_ValueError, "a seed has 1 to 1024 words");
        return -1;
    }
    uint32_t key[1024];
    for (Py_ssize_t i = 0; i < length; i++) {
        unsigned long word = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (word == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(sequence);
            return -1;
        }
        if (word > 0xffffffffUL) {
            Py_DECREF(sequence);
            PyErr_SetString(PyExc_ValueError, "a seed word is below 2**32");
            return -1;
        }
        key[i] = (uint32_t)word;
    }
    Py_DECREF(sequence);
    mt_init_by_array(mt, key, (size_t)length);
    return 0;
}

/* random.Random(seed) for a whole number 0 <= seed < 2**64: one word, or two. */
static inline void seed_word(mt19937 *mt, unsigned long long seed) {
    uint32_t key[2] = {(uint32_t)(seed & 0xffffffffULL), (uint32_t)(seed >> 32)};
    mt_init_by_array(mt, key, seed > 0xffffffffULL ? 2 : 1);
}

/* The chance from seed and each random agent's generator from its seed (one per seat), as
 * seed_word seeds them, all seeded together (mt_init_by_short_keys). */
static void seed_words_at_once(MatchCore *c, unsigned long long seed,
                               const unsigned long long *agent_seeds) {
    mt19937 *mts[MT_SEED_AT_ONCE];
    uint32_t keys[2 * MT_SEED_AT_ONCE];
    int lengths[MT_SEED_AT_ONCE];
    int count = 0;
    for (int seat = -1; seat < c->players; seat++) {
        if (seat >= 0 && c->agent_kind[seat] != AGENT_RANDOM) {
            continue;
        }
        unsigned long long word = seat < 0 ? seed : agent_seeds[seat];
        mts[count] = seat < 0 ? &c->chance : &c->agent_rng[seat];
        keys[2 * count] = (uint32_t)(word & 0xffffffffULL);
        keys[2 * count + 1] = (uint32_t)(word >> 32);
        lengths[count] = word > 0xffffffffULL ? 2 : 1;
        if (++count == MT_SEED_AT_ONCE) {
            mt_init_by_short_keys(mts, keys, lengths, count);
            count = 0;
        }
    }
    if (count) {
        mt_init_by_short_keys(mts, keys, lengths, count);
    }
}

/* The seats of a match: their count and agents checked, the agents' kinds kept. Returns -1
 * with an error set when they are not 2 to MAX_PLAYERS seats with one known agent each. */
static int core_agents(MatchCore *c, int players, const char *agents,
                       Py_ssize_t agents_length) {
    if (players < 2 || players > MAX_PLAYERS || agents_length != players) {
        PyErr_Format(PyExc_ValueError, "2 to %d players, one agent each", MAX_PLAYERS);
        return -1;
    }
    c->players = players;
    if (c->agent_rng == NULL) {
        c->agent_rng = calloc((size_t)players, sizeof *c->agent_rng);
        c->outputs = malloc((size_t)(players + 1) * MT_N * sizeof *c->outputs);
        if (c->agent_rng == NULL || c->outputs == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    for (int seat = 0; seat < players; seat++) {
        if (agents[seat] < AGENT_RANDOM || agents[seat] > AGENT_HEURISTIC) {
            PyErr_SetString(PyExc_ValueError,
                            "an agent is 0 (random), 1 (greedy) or 2 (heuristic)");
            return -1;
        }
        c->agent_kind[seat] = agents[seat];
    }
    return 0;
}

/* The chance and the agents' generators, seeded from seeds given as 32-bit words (one
 * sequence of words for the game, one per seat). Greedy and heuristic agents draw nothing:
 * their generators are not seeded. Returns -1 with an error set. */
static int core_seed(MatchCore *c, PyObject *seed, PyObject *agent_seeds) {
    Py_ssize_t given = PySequence_Size(agent_seeds);
    if (given != c->players) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "one agent seed per player");
        }
        return -1;
    }
    if (seed_from(seed, &c->chance) < 0) {
        return -1;
    }
    for (int seat = 0; seat < c->players; seat++) {
        if (c->agent_kind[seat] != AGENT_RANDOM) {
            continue;
        }
        PyObject *words = PySequence_GetItem(agent_seeds, seat);
        if (words == NULL) {
            return -1;
        }
        int failed = seed_from(words, &c->agent_rng[seat]);
        Py_DECREF(words);
        if (failed < 0) {
            return -1;
        }
    }
    return 0;
}

/* -- playouts -------------------------------------------------------------------------------- */

/* The seed of seat's random agent in a playout seeded seed (State.play_out): one step of
 * SplitMix64 from seed + (seat + 1) * 0x9E3779B97F4A7C15, so that playouts of nearby seeds
 * share no generator. unodice.play.bots.playout.seat_seed is the same in Python. */
static inline unsigned long long playout_seat_seed(unsigned long long seed, int seat) {
    uint64_t z = (uint64_t)seed + (uint64_t)(seat + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (unsigned long long)(z ^ (z >> 31));
}

/* What a playout changes of a stepped game's agents, to be put back (playout_end). */
typedef struct {
    int agent_kind[MAX_PLAYERS];
    mt19937 *agent_rng;
} PlayoutSaved;

/* Every seat played by the agent kind given for a playout: each random agent's generator made
 * and seeded (playout_seat_seed), as random.Random(seat_seed) is; greedy and heuristic agents
 * draw nothing. A stepped game keeps no outputs (c->outputs stays NULL), so its chance and the
 * agents draw with mt_below. 0, or -1 with an error set. */
static int playout_begin(MatchCore *c, int kind, unsigned long long seed, PlayoutSaved *saved) {
    if (kind < AGENT_RANDOM || kind > AGENT_HEURISTIC) {
        PyErr_SetString(PyExc_ValueError, "an agent is 0 (random), 1 (greedy) or 2 (heuristic)");
        return -1;
    }
    if (c->outputs != NULL) {
        PyErr_SetString(PyExc_ValueError, "a playout is of a game stepped from Python");
        return -1;
    }
    memcpy(saved->agent_kind, c->agent_kind, sizeof saved->agent_kind);
    saved->agent_rng = c->agent_rng;
    mt19937 *rng = NULL;
    if (kind == AGENT_RANDOM) {
        rng = malloc((size_t)c->players * sizeof *rng);
        if (rng == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (int seat = 0; seat < c->players; seat++) {
            seed_word(&rng[seat], playout_seat_seed(seed, seat));
        }
    }
    for (int seat = 0; seat < c->players; seat++) {
        c->agent_kind[seat] = kind;
    }
    c->agent_rng = rng;
    return 0;
}

/* The agents as they were before playout_begin. */
static void playout_end(MatchCore *c, const PlayoutSaved *saved) {
    if (c->agent_rng != saved->agent_rng) {
        free(c->agent_rng);
    }
    c->agent_rng = saved->agent_rng;
    memcpy(c->agent_kind, saved->agent_kind, sizeof c->agent_kind);
}

/* The arguments of State.play_out(agent, seed, until_match, max_moves): max_moves < 0 is no
 * limit. 0, or -1 with an error set. */
static int playout_args(PyObject *args, int *kind, unsigned long long *seed, int *until_match,
                        long long *max_moves) {
    return PyArg_ParseTuple(args, "iKpL", kind, seed, until_match, max_moves) ? 0 : -1;
}

/* -- results --------------------------------------------------------------------------------- */

/* What play_match returns: end, winners, scores, rounds, decisions and, when recorded, the
 * records as bytes. ends names the three ways a match ends (END_OVER, ...). */
static PyObject *core_result(const MatchCore *c, int outcome, const char *const ends[3]) {
    long long best = core_best(c);
    PyObject *winners = PyList_New(0);
    PyObject *scores = PyTuple_New(c->players);
    if (winners == NULL || scores == NULL) {
        Py_XDECREF(winners);
        Py_XDECREF(scores);
        return NULL;
    }
    for (int seat = 0; seat < c->players; seat++) {
        PyObject *score = PyLong_FromLongLong(c->totals[seat]);
        if (score == NULL) {
            Py_DECREF(winners);
            Py_DECREF(scores);
            return NULL;
        }
        PyTuple_SET_ITEM(scores, seat, score);
        if (outcome == END_OVER && c->totals[seat] == best) {
            PyObject *number = PyLong_FromLong(seat);
            if (number == NULL || PyList_Append(winners, number) < 0) {
                Py_XDECREF(number);
                Py_DECREF(winners);
                Py_DECREF(scores);
                return NULL;
            }
            Py_DECREF(number);
        }
    }
    PyObject *result = Py_BuildValue("{s:s,s:N,s:N,s:l,s:L}", "end", ends[outcome], "winners",
                                     PyList_AsTuple(winners), "scores", scores, "rounds",
                                     c->round, "decisions", c->decisions);
    Py_DECREF(winners);
    if (result != NULL && c->detail >= 1) {
        PyObject *items[] = {bytes_of(&c->counts), bytes_of(&c->choices), bytes_of(&c->seats),
                             bytes_of(&c->chosen), bytes_of(&c->outcomes),
                             c->detail >= 2 ? bytes_of(&c->legal) : Py_NewRef(Py_None)};
        const char *names[] = {"counts", "choices", "seats", "moves", "outcomes", "legal"};
        for (int i = 0; i < 6; i++) {
            if (items[i] == NULL || (result != NULL && PyDict_SetItemString(result, names[i],
                                                                            items[i]) < 0)) {
                Py_CLEAR(result);
            }
            Py_XDECREF(items[i]);
        }
    }
    return result;
}

/* -- many matches ---------------------------------------------------------------------------- */

/* The seeds of play_many: n whole numbers 0 <= seed < 2**64, or NULL with an error set. */
static unsigned long long *seeds_of(PyObject *given, Py_ssize_t *n) {
    PyObject *sequence = PySequence_Fast(given, "seeds are given as a sequence of whole numbers");
    if (sequence == NULL) {
        return NULL;
    }
    Py_ssize_t length = PySequence_Fast_GET_SIZE(sequence);
    unsigned long long *seeds = malloc((length > 0 ? (size_t)length : 1) * sizeof *seeds);
    if (seeds == NULL) {
        Py_DECREF(sequence);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < length; i++) {
        seeds[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (seeds[i] == (unsigned long long)-1 && PyErr_Occurred()) {
            free(seeds);
            Py_DECREF(sequence);
            return NULL;
        }
    }
    Py_DECREF(sequence);
    *n = length;
    return seeds;
}

/* Play one match per game seed, in one call, the match (whose first member is its MatchCore)
 * made again for each by run (the engine's run_match). seeds holds n game seeds, agent_seeds
 * n * players agent seeds (match by match, seat by seat); each is a whole number
 * 0 <= seed < 2**64, seeded as random.Random(seed) is. Nothing is recorded.
 *
 * Returns a tuple of five bytes objects, one entry per match unless said: the ends (uint8:
 * END_OVER, ...), the totals (int64, players per match), the winners (uint8, seat s as the bit
 * 1 << s; none unless over), the rounds (uint32) and the decisions (uint32). Matches after one
 * that does not end are not played: their entries are left 0, and its end says why. */
static PyObject *core_play_many(MatchCore *c, void *match, int (*run)(void *), PyObject *seeds,
                                PyObject *agent_seeds) {
    Py_ssize_t n = 0, given = 0;
    unsigned long long *games = seeds_of(seeds, &n);
    if (games == NULL) {
        return NULL;
    }
    unsigned long long *agents = seeds_of(agent_seeds, &given);
    if (agents == NULL) {
        free(games);
        return NULL;
    }
    PyObject *result = NULL;
    if (given != n * c->players) {
        PyErr_SetString(PyExc_ValueError, "one agent seed per player per match");
        goto done;
    }
    PyObject *ends = PyBytes_FromStringAndSize(NULL, n);
    PyObject *totals = PyBytes_FromStringAndSize(NULL, n * c->players * (Py_ssize_t)8);
    PyObject *winners = PyBytes_FromStringAndSize(NULL, n);
    PyObject *rounds = PyBytes_FromStringAndSize(NULL, n * 4);
    PyObject *decisions = PyBytes_FromStringAndSize(NULL, n * 4);
    if (ends == NULL || totals == NULL || winners == NULL || rounds == NULL ||
        decisions == NULL) {
        Py_XDECREF(ends);
        Py_XDECREF(totals);
        Py_XDECREF(winners);
        Py_XDECREF(rounds);
        Py_XDECREF(decisions);
        goto done;
    }
    uint8_t *end_of = (uint8_t *)PyBytes_AS_STRING(ends);
    int64_t *total_of = (int64_t *)PyBytes_AS_STRING(totals);
    uint8_t *winners_of = (uint8_t *)PyBytes_AS_STRING(winners);
    uint32_t *rounds_of = (uint32_t *)PyBytes_AS_STRING(rounds);
    uint32_t *decisions_of = (uint32_t *)PyBytes_AS_STRING(decisions);
    memset(end_of, 0, (size_t)n);
    memset(total_of, 0, (size_t)n * (size_t)c->players * 8);
    memset(winners_of, 0, (size_t)n);
    memset(rounds_of, 0, (size_t)n * 4);
    memset(decisions_of, 0, (size_t)n * 4);
    int players = c->players, lacking = 0;
    c->detail = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        core_restart(c);
        seed_words_at_once(c, games[i], agents + i * players);
        int outcome = run(match);
        if (outcome < 0) {
            lacking = 1;
            break;
        }
        end_of[i] = (uint8_t)outcome;
        if (outcome != END_OVER) {
            break;
        }
        long long best = core_best(c);
        uint8_t bits = 0;
        for (int seat = 0; seat < players; seat++) {
            total_of[i * players + seat] = (int64_t)c->totals[seat];
            if (c->totals[seat] == best) {
                bits |= (uint8_t)(1u << seat);
            }
        }
        winners_of[i] = bits;
        rounds_of[i] = (uint32_t)c->round;
        decisions_of[i] = (uint32_t)c->decisions;
    }
    Py_END_ALLOW_THREADS
    if (lacking) {
        PyErr_NoMemory();
        Py_DECREF(ends);
        Py_DECREF(totals);
        Py_DECREF(winners);
        Py_DECREF(rounds);
        Py_DECREF(decisions);
        goto done;
    }
    result = PyTuple_Pack(5, ends, totals, winners, rounds, decisions);
    Py_DECREF(ends);
    Py_DECREF(totals);
    Py_DECREF(winners);
    Py_DECREF(rounds);
    Py_DECREF(decisions);
done:
    free(games);
    free(agents);
    return result;
}

#endif
