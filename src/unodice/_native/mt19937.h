/* The Mersenne Twister as CPython's random.Random runs it, so that native engines draw exactly
 * the numbers the Python engine draws from the same seed.
 *
 * Seeding follows CPython's random_seed for a whole number: the absolute value of the seed,
 * cut into 32-bit words from the least significant (at least one word, so 0 is the key {0}),
 * goes through init_by_array. getrandbits(k) for 0 < k <= 32 is the next 32-bit output shifted
 * right by 32 - k, which is what CPython does for k <= 32, and every draw of the engine is of
 * at most 32 bits. The state and its index are those of random.Random.getstate(), so a
 * generator can be handed between Python and native code at any point.
 */
#ifndef UNODICE_MT19937_H
#define UNODICE_MT19937_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t state[MT_N];
    int index;
} mt19937;

static inline void mt_init_genrand(mt19937 *mt, uint32_t seed) {
    uint32_t *s = mt->state;
    s[0] = seed;
    for (int i = 1; i < MT_N; i++) {
        s[i] = 1812433253U * (s[i - 1] ^ (s[i - 1] >> 30)) + (uint32_t)i;
    }
    mt->index = MT_N;
}

/* init_by_array starts from init_genrand(19650218) whatever the key: that state is made once
 * per module and copied, which saves a third of a seeding (a match seeds a generator per seat
 * and one for chance). A module calls mt_prepare() in its init function, where the GIL is
 * held, so that no two threads ever make it at once once play runs without the GIL. */
static mt19937 mt_seeding_start;
static int mt_seeding_start_made = 0;

static inline void mt_prepare(void) {
    if (!mt_seeding_start_made) {
        mt_init_genrand(&mt_seeding_start, 19650218U);
        mt_seeding_start_made = 1;
    }
}

static inline void mt_start_of_seeding(mt19937 *mt) {
    if (mt_seeding_start_made) {
        memcpy(mt->state, mt_seeding_start.state, sizeof mt_seeding_start.state);
        mt->index = MT_N;
    } else {
        mt_init_genrand(mt, 19650218U); /* a module that did not prepare: the long way */
    }
}

static inline void mt_init_by_array(mt19937 *mt, const uint32_t *key, size_t length) {
    uint32_t *s = mt->state;
    size_t i = 1, j = 0, k;
    mt_start_of_seeding(mt);
    for (k = (MT_N > length ? MT_N : length); k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            s[0] = s[MT_N - 1];
            i = 1;
        }
        if (j >= length) {
            j = 0;
        }
    }
    for (k = MT_N - 1; k; k--) {
        s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            s[0] = s[MT_N - 1];
            i = 1;
        }
    }
    s[0] = 0x80000000U;
    mt->index = MT_N;
}

/* mt_init_by_array for several generators at once, each from a key of one or two words
 * (keys[2 * g], keys[2 * g + 1]; lengths[g] of them): the same states as one at a time, but
 * each step of the seeding is taken for every generator together, so that the processor works
 * on their chains of multiplications side by side (a match seeds its chance and its agents'
 * generators so, and one seeding alone waits on each multiplication in turn). */
#define MT_SEED_AT_ONCE 8

static void mt_init_by_short_keys(mt19937 *const *mts, const uint32_t *keys, const int *lengths,
                                  int count) {
    uint32_t *s[MT_SEED_AT_ONCE];
    int j[MT_SEED_AT_ONCE];
    for (int g = 0; g < count; g++) {
        mt_start_of_seeding(mts[g]);
        s[g] = mts[g]->state;
        j[g] = 0;
    }
    int i = 1;
    for (int k = MT_N; k; k--) {
        for (int g = 0; g < count; g++) {
            uint32_t *t = s[g];
            t[i] = (t[i] ^ ((t[i - 1] ^ (t[i - 1] >> 30)) * 1664525U)) + keys[2 * g + j[g]] +
                   (uint32_t)j[g];
            j[g] = j[g] + 1 >= lengths[g] ? 0 : j[g] + 1;
        }
        i++;
        if (i >= MT_N) {
            for (int g = 0; g < count; g++) {
                s[g][0] = s[g][MT_N - 1];
            }
            i = 1;
        }
    }
    for (int k = MT_N - 1; k; k--) {
        for (int g = 0; g < count; g++) {
            uint32_t *t = s[g];
            t[i] = (t[i] ^ ((t[i - 1] ^ (t[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        }
        i++;
        if (i >= MT_N) {
            for (int g = 0; g < count; g++) {
                s[g][0] = s[g][MT_N - 1];
            }
            i = 1;
        }
    }
    for (int g = 0; g < count; g++) {
        s[g][0] = 0x80000000U;
        mts[g]->index = MT_N;
    }
}

/* The next 624 words of the state at once (the generator's "twist"). The odd words' matrix
 * term is written as a mask rather than looked up, so that the compiler can run the loops on
 * several words at a time. */
static void mt_twist(mt19937 *mt) {
    uint32_t *s = mt->state;
    uint32_t y;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (s[kk] & 0x80000000U) | (s[kk + 1] & 0x7fffffffU);
        s[kk] = s[kk + MT_M] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    for (; kk < MT_N - 1; kk++) {
        y = (s[kk] & 0x80000000U) | (s[kk + 1] & 0x7fffffffU);
        s[kk] = s[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    y = (s[MT_N - 1] & 0x80000000U) | (s[0] & 0x7fffffffU);
    s[MT_N - 1] = s[MT_M - 1] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    mt->index = 0;
}

/* The output of one word of the state (the generator's "tempering"). */
static inline uint32_t mt_temper(uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline uint32_t mt_next32(mt19937 *mt) {
    if (mt->index >= MT_N) {
        mt_twist(mt);
    }
    return mt_temper(mt->state[mt->index++]);
}

/* A generator whose outputs are kept: out holds the outputs of all MT_N words of the state
 * since its last twist (the twist below makes them, in one pass the compiler runs on several
 * words at a time), so that a draw reads its output rather than working it out. Every draw
 * of such a generator goes through mt_next32_out or mt_below_out with the same out; a
 * generator just seeded (index MT_N) has none kept yet. */
static void mt_twist_out(mt19937 *mt, uint32_t *out) {
    mt_twist(mt);
    for (int i = 0; i < MT_N; i++) {
        out[i] = mt_temper(mt->state[i]);
    }
}

static inline uint32_t mt_next32_out(mt19937 *mt, uint32_t *out) {
    if (mt->index >= MT_N) {
        mt_twist_out(mt, out);
    }
    return out[mt->index++];
}

/* random.Random.getrandbits(bits) for 0 <= bits <= 32. */
static inline uint32_t mt_getrandbits(mt19937 *mt, int bits) {
    return bits <= 0 ? 0U : mt_next32(mt) >> (32 - bits);
}

/* random.Random.randrange(bound) for 0 < bound < 2**32, as unodice draws it: bit_length(bound)
 * bits at a time until they fall below bound. */
static inline uint32_t mt_below(mt19937 *mt, uint32_t bound) {
    if (bound == 0) {
        return 0U; /* never asked: there is nothing below 0 */
    }
#if defined(__GNUC__) || defined(__clang__)
    int shift = __builtin_clz(bound); /* 32 - bit_length(bound) */
#else
    int shift = 32;
    for (uint32_t b = bound; b; b >>= 1) {
        shift--;
    }
#endif
    /* The next two outputs are looked at together, and the second is taken only when the
     * first falls outside: the same draws as one at a time, without a branch that goes one
     * way or the other at random (a quarter of the draws below 6 are thrown away). */
    int index = mt->index;
    if (index + 1 < MT_N) {
        uint32_t first = mt_temper(mt->state[index]) >> shift;
        uint32_t second = mt_temper(mt->state[index + 1]) >> shift;
        uint32_t taken = (uint32_t)(first < bound);
        mt->index = index + 2 - (int)taken;
        uint32_t value = second ^ ((first ^ second) & (0U - taken));
        if (value < bound) {
            return value;
        }
    }
    uint32_t value = mt_next32(mt) >> shift;
    while (value >= bound) {
        value = mt_next32(mt) >> shift;
    }
    return value;
}

/* mt_below for a generator whose outputs are kept in out (mt_twist_out), or, when out is
 * NULL, for a plain one: the same draws either way. */
static inline uint32_t mt_below_out(mt19937 *mt, uint32_t *out, uint32_t bound) {
    if (out == NULL) {
        return mt_below(mt, bound);
    }
    if (bound == 0) {
        return 0U;
    }
#if defined(__GNUC__) || defined(__clang__)
    int shift = __builtin_clz(bound);
#else
    int shift = 32;
    for (uint32_t b = bound; b; b >>= 1) {
        shift--;
    }
#endif
    int index = mt->index; /* two outputs at once, as mt_below */
    if (index + 1 < MT_N) {
        uint32_t first = out[index] >> shift;
        uint32_t second = out[index + 1] >> shift;
        uint32_t taken = (uint32_t)(first < bound);
        mt->index = index + 2 - (int)taken;
        uint32_t value = second ^ ((first ^ second) & (0U - taken));
        if (value < bound) {
            return value;
        }
    }
    uint32_t value = mt_next32_out(mt, out) >> shift;
    while (value >= bound) {
        value = mt_next32_out(mt, out) >> shift;
    }
    return value;
}

#endif
