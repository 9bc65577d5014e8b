/*
 * Seeded Punto Banco shoes dealt on the GPU and tallied (CONTRACTS.md B).
 *
 * One thread deals one shoe at a time, exactly as puntobanco.core.shoe.Shoe
 * deals it with puntobanco.core.rng.SeededSource: shoe k gets xoshiro256**
 * seeded through SplitMix64 from (seed, k); each 64-bit output is two 32-bit
 * words, upper half first; bounded draws are Lemire's multiply-shift with its
 * rejection step; the shuffle is a lazy Fisher-Yates from position 0 (no draw
 * for the last position). Cut-card mode burns (the shown card, then its point
 * value face down, ten for a 0), deals until the cut card is out, finishes
 * that round and one more. Reshuffle mode deals one round per fresh shoe.
 *
 * The same file is compiled two ways:
 *   - by NVRTC through CuPy's RawKernel for the GPU;
 *   - by a plain C compiler with -DPB_HOST_BUILD for the CPU, where a small
 *     driver runs every (block, thread) in turn. CI has no GPU: the CPU build
 *     is compared bit for bit with the Python reference engine there.
 * So the file keeps to the common subset of C99 and CUDA C++.
 *
 * The drawing rules come from puntobanco.core.tableau as bit masks, passed as
 * macros by the Python side (PB_PLAYER_DRAWS, PB_BANKER_DRAWS_LO/HI):
 *   player draws on total t          <=> bit t of PB_PLAYER_DRAWS
 *   banker total b draws on third x  <=> bit (b % 4) * 16 + x of LO (b < 4) or HI (b >= 4),
 *                                        x = 10 when the Player stood.
 *
 * Shoe layout in shared memory (cut-card mode): one byte per card holding its
 * rank (1-13; the point value and pairs follow from it). The four cards
 * 4w..4w+3 of a thread share one 32-bit word, and word w of thread t lives at
 * word index w * blockDim.x + t. A thread's every access, whatever the card
 * position, therefore falls in bank t % 32: no bank conflicts within a warp.
 *
 * Output: 12 int64 counters in the order of CONTRACTS.md B, added atomically.
 */

typedef unsigned long long pb_u64;
typedef unsigned int pb_u32;
typedef unsigned char pb_u8;

#ifndef PB_PLAYER_DRAWS
#error "PB_PLAYER_DRAWS must be defined (built from puntobanco.core.tableau)"
#endif
#ifndef PB_BANKER_DRAWS_LO
#error "PB_BANKER_DRAWS_LO must be defined (built from puntobanco.core.tableau)"
#endif
#ifndef PB_BANKER_DRAWS_HI
#error "PB_BANKER_DRAWS_HI must be defined (built from puntobanco.core.tableau)"
#endif
/* 1: draw the first four cards of a round from two generator outputs at once
 * (no divergence on the spare word); 0: one generic draw per card. Both give
 * the same numbers; the choice is a speed trade-off measured in bench/gpu. */
#ifndef PB_PAIRED_DRAWS
#define PB_PAIRED_DRAWS 1
#endif

#ifdef PB_HOST_BUILD
/* ---- CPU stand-ins for the CUDA built-ins ---------------------------- */
#define PB_KERNEL
#define PB_DEVICE static inline
#define PB_UNROLL
typedef struct {
    pb_u32 x;
} pb_dim3;
static pb_dim3 threadIdx, blockIdx, blockDim, gridDim;
static pb_u32 *pb_host_shared;
#define PB_SHARED_WORDS pb_host_shared
#define PB_ATOMIC_ADD(address, value) (*(address) += (pb_u64)(value))
#else
/* ---- CUDA ------------------------------------------------------------ */
#define PB_KERNEL extern "C" __global__
#define PB_DEVICE static __device__ __forceinline__
#define PB_UNROLL _Pragma("unroll")
extern __shared__ pb_u32 pb_shared_words[];
#define PB_SHARED_WORDS pb_shared_words
#define PB_ATOMIC_ADD(address, value) \
    atomicAdd((unsigned long long *)(address), (unsigned long long)(value))
#endif

#define PB_GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL

/* ---- the generator (puntobanco.core.rng) ------------------------------ */

typedef struct {
    pb_u64 s0, s1, s2, s3;
    pb_u32 spare;     /* the lower half of the last output, not yet used */
    pb_u32 has_spare; /* 1 if `spare` is the next word */
} pb_rng;

PB_DEVICE pb_u64 pb_mix64(pb_u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

PB_DEVICE pb_u64 pb_rotl(pb_u64 x, int k) { return (x << k) | (x >> (64 - k)); }

PB_DEVICE void pb_rng_seed(pb_rng *g, pb_u64 seed, pb_u64 shoe_index) {
    pb_u64 x = seed ^ pb_mix64(shoe_index + PB_GOLDEN_GAMMA);
    x += PB_GOLDEN_GAMMA;
    g->s0 = pb_mix64(x);
    x += PB_GOLDEN_GAMMA;
    g->s1 = pb_mix64(x);
    x += PB_GOLDEN_GAMMA;
    g->s2 = pb_mix64(x);
    x += PB_GOLDEN_GAMMA;
    g->s3 = pb_mix64(x);
    g->spare = 0;
    g->has_spare = 0;
}

PB_DEVICE pb_u64 pb_next64(pb_rng *g) {
    pb_u64 result = pb_rotl(g->s1 * 5, 7) * 9;
    pb_u64 t = g->s1 << 17;
    g->s2 ^= g->s0;
    g->s3 ^= g->s1;
    g->s1 ^= g->s2;
    g->s0 ^= g->s3;
    g->s2 ^= t;
    g->s3 = pb_rotl(g->s3, 45);
    return result;
}

/* The next 32-bit word: the upper half of an output, then its lower half. */
PB_DEVICE pb_u32 pb_next32(pb_rng *g) {
    if (g->has_spare) {
        g->has_spare = 0;
        return g->spare;
    }
    pb_u64 value = pb_next64(g);
    g->spare = (pb_u32)value;
    g->has_spare = 1;
    return (pb_u32)(value >> 32);
}

/* Lemire's bounded draw in [0, n), 1 <= n < 2**32, with its rejection step. */
PB_DEVICE pb_u32 pb_randbelow(pb_rng *g, pb_u32 n) {
    pb_u64 m = (pb_u64)pb_next32(g) * n;
    pb_u32 low = (pb_u32)m;
    if (low < n) {
        pb_u32 threshold = (0u - n) % n;
        while (low < threshold) {
            m = (pb_u64)pb_next32(g) * n;
            low = (pb_u32)m;
        }
    }
    return (pb_u32)(m >> 32);
}

/* Four draws, bounded by n[0..3], taken word by word from `words` (count of
 * them) and then from the generator: the exact sequential definition, used
 * when one of the fast draws below is rejected (about once in 10**7 shoes). */
PB_DEVICE void pb_draw4_slow(pb_rng *g, const pb_u32 *n, const pb_u32 *words, int count,
                               pb_u32 *out) {
    int used = 0;
    for (int k = 0; k < 4; ++k) {
        pb_u32 w = used < count ? words[used++] : pb_next32(g);
        pb_u64 m = (pb_u64)w * n[k];
        pb_u32 low = (pb_u32)m;
        if (low < n[k]) {
            pb_u32 threshold = (0u - n[k]) % n[k];
            while (low < threshold) {
                w = used < count ? words[used++] : pb_next32(g);
                m = (pb_u64)w * n[k];
                low = (pb_u32)m;
            }
        }
        out[k] = (pb_u32)(m >> 32);
    }
}

/* Four bounded draws, exactly as four pb_randbelow calls, but always from
 * two generator outputs (plus the spare word, if any): every thread of a warp
 * runs the same instructions whatever its spare-word state. */
PB_DEVICE void pb_draw4(pb_rng *g, pb_u32 n0, pb_u32 n1, pb_u32 n2, pb_u32 n3, pb_u32 *out) {
    pb_u32 had_spare = g->has_spare;
    pb_u64 a = pb_next64(g);
    pb_u64 b = pb_next64(g);
    pb_u32 ah = (pb_u32)(a >> 32), al = (pb_u32)a, bh = (pb_u32)(b >> 32), bl = (pb_u32)b;
    pb_u32 w0 = had_spare ? g->spare : ah;
    pb_u32 w1 = had_spare ? ah : al;
    pb_u32 w2 = had_spare ? al : bh;
    pb_u32 w3 = had_spare ? bh : bl;
    pb_u64 m0 = (pb_u64)w0 * n0, m1 = (pb_u64)w1 * n1;
    pb_u64 m2 = (pb_u64)w2 * n2, m3 = (pb_u64)w3 * n3;
    /* With a spare word at the start, one is left over (bl); without, none. */
    g->spare = bl;
    g->has_spare = had_spare;
    if (((pb_u32)m0 < n0) | ((pb_u32)m1 < n1) | ((pb_u32)m2 < n2) | ((pb_u32)m3 < n3)) {
        int rejected = ((pb_u32)m0 < (0u - n0) % n0) | ((pb_u32)m1 < (0u - n1) % n1) |
                       ((pb_u32)m2 < (0u - n2) % n2) | ((pb_u32)m3 < (0u - n3) % n3);
        if (rejected) {
            pb_u32 n[4], words[5];
            words[0] = w0;
            words[1] = w1;
            words[2] = w2;
            words[3] = w3;
            words[4] = bl;
            n[0] = n0;
            n[1] = n1;
            n[2] = n2;
            n[3] = n3;
            /* A rejection consumes a fifth word, so the queue (four words, or
             * five with the spare) is used up and the generator takes over. */
            pb_u32 slow[4];
            g->has_spare = 0;
            pb_draw4_slow(g, n, words, had_spare ? 5 : 4, slow);
            /* Copied, so that `out` never escapes and stays in registers. */
            out[0] = slow[0];
            out[1] = slow[1];
            out[2] = slow[2];
            out[3] = slow[3];
            return;
        }
    }
    out[0] = (pb_u32)(m0 >> 32);
    out[1] = (pb_u32)(m1 >> 32);
    out[2] = (pb_u32)(m2 >> 32);
    out[3] = (pb_u32)(m3 >> 32);
}

/* ---- the game ---------------------------------------------------------- */

/* Ranks 10, J, Q, K (10-13) count 0; the others their rank. */
PB_DEVICE pb_u32 pb_points(pb_u32 rank) { return rank >= 10 ? 0 : rank; }

PB_DEVICE pb_u32 pb_mod10(pb_u32 sum) { return sum >= 10 ? sum - 10 : sum; }

PB_DEVICE pb_u32 pb_banker_draws(pb_u32 banker, pb_u32 player_third) {
    pb_u64 row = banker < 4 ? (pb_u64)(PB_BANKER_DRAWS_LO) : (pb_u64)(PB_BANKER_DRAWS_HI);
    return (pb_u32)(row >> ((banker & 3) * 16 + player_third)) & 1u;
}

/* Per-thread counts; the order of CONTRACTS.md B is restored on output. */
typedef struct {
    pb_u32 rounds, player_wins, banker_wins, banker_wins_on_six;
    pb_u32 player_naturals, banker_naturals, player_pairs, banker_pairs;
    pb_u32 five_cards, six_cards;
} pb_tally;

/* Play one coup from the four first cards (ranks) and a way to deal more. */
#define PB_PLAY_COUP(t, p1, b1, p2, b2, DEAL_FIFTH, DEAL_SIXTH)                         \
    do {                                                                                \
        pb_u32 player_ = pb_mod10(pb_points(p1) + pb_points(p2));                       \
        pb_u32 banker_ = pb_mod10(pb_points(b1) + pb_points(b2));                       \
        pb_u32 cards_ = 4;                                                              \
        (t)->player_naturals += player_ >= 8;                                           \
        (t)->banker_naturals += banker_ >= 8;                                           \
        (t)->player_pairs += (p1) == (p2);                                              \
        (t)->banker_pairs += (b1) == (b2);                                              \
        if (player_ < 8 && banker_ < 8) {                                               \
            pb_u32 third_ = 10;                                                         \
            if (((pb_u32)(PB_PLAYER_DRAWS) >> player_) & 1u) {                          \
                third_ = pb_points(DEAL_FIFTH);                                         \
                player_ = pb_mod10(player_ + third_);                                   \
                cards_ = 5;                                                             \
            }                                                                           \
            if (pb_banker_draws(banker_, third_)) {                                     \
                banker_ = pb_mod10(banker_ + pb_points(cards_ == 5 ? DEAL_SIXTH : DEAL_FIFTH)); \
                cards_ += 1;                                                            \
            }                                                                           \
        }                                                                               \
        (t)->rounds += 1;                                                               \
        (t)->player_wins += player_ > banker_;                                          \
        (t)->banker_wins += banker_ > player_;                                          \
        (t)->banker_wins_on_six += (banker_ > player_) & (banker_ == 6);                \
        (t)->five_cards += cards_ == 5;                                                 \
        (t)->six_cards += cards_ == 6;                                                  \
    } while (0)

/* ---- cut-card shoes, in shared memory ------------------------------------- */

typedef struct {
    pb_u8 *base;   /* this thread's first byte */
    pb_u32 row;    /* bytes between a thread's consecutive words */
    pb_u32 n;      /* cards in the shoe */
    pb_u32 pos;    /* cards dealt or burned */
} pb_shoe;

PB_DEVICE pb_u8 *pb_card(const pb_shoe *s, pb_u32 position) {
    return s->base + (position >> 2) * s->row + (position & 3u);
}

/* The next Fisher-Yates step with a known offset: swap, and deal position pos. */
PB_DEVICE pb_u32 pb_take(pb_shoe *s, pb_u32 offset) {
    pb_u8 *here = pb_card(s, s->pos);
    pb_u8 *there = pb_card(s, s->pos + offset);
    pb_u32 card = *there;
    *there = *here;
    s->pos += 1;
    return card;
}

/* The next Fisher-Yates step, drawing its own offset (none for the last card). */
PB_DEVICE pb_u32 pb_deal(pb_shoe *s, pb_rng *g) {
    pb_u32 left = s->n - s->pos;
    return pb_take(s, left > 1 ? pb_randbelow(g, left) : 0);
}

/* Ranks of a new shoe: deck after deck, suit after suit, A..K (core.cards). */
PB_DEVICE void pb_fill(pb_shoe *s, pb_u32 decks) {
    pb_u32 *word = (pb_u32 *)s->base;
    pb_u32 stride = s->row / 4;
    for (pb_u32 deck = 0; deck < decks; ++deck) {
        PB_UNROLL
        for (pb_u32 w = 0; w < 13; ++w) {
            pb_u32 value = 0;
            PB_UNROLL
            for (pb_u32 b = 0; b < 4; ++b) value |= (((4 * w + b) % 13) + 1) << (8 * b);
            word[(deck * 13 + w) * stride] = value;
        }
    }
}

PB_DEVICE void pb_cut_card_shoe(pb_tally *t, pb_rng *g, pb_shoe *s, pb_u32 decks,
                                pb_u32 cut_card, pb_u32 burn) {
    pb_u32 cut_index = s->n - cut_card;
    pb_fill(s, decks);
    s->pos = 0;
    if (burn) {
        pb_u32 shown = pb_points(pb_deal(s, g));
        pb_u32 face_down = shown ? shown : 10;
        for (pb_u32 k = 0; k < face_down; ++k) pb_deal(s, g);
    }
    for (;;) {
        /* The cut card is out once a card at or behind it has been dealt; the
         * round that starts with it out is the last one. */
        pb_u32 last = s->pos > cut_index;
        pb_u32 p1, b1, p2, b2;
#if PB_PAIRED_DRAWS
        if (s->pos + 4 < s->n) {
            pb_u32 r[4];
            pb_u32 left = s->n - s->pos;
            pb_draw4(g, left, left - 1, left - 2, left - 3, r);
            p1 = pb_take(s, r[0]);
            b1 = pb_take(s, r[1]);
            p2 = pb_take(s, r[2]);
            b2 = pb_take(s, r[3]);
        } else
#endif
        {
            p1 = pb_deal(s, g);
            b1 = pb_deal(s, g);
            p2 = pb_deal(s, g);
            b2 = pb_deal(s, g);
        }
        PB_PLAY_COUP(t, p1, b1, p2, b2, pb_deal(s, g), pb_deal(s, g));
        if (last) break;
    }
}

/* ---- reshuffle mode: one round per fresh shoe, no array ------------------ */

/* The rank at `position` of a fresh shoe after the `done` swaps recorded in
 * (target[m], moved[m]): the latest write to it, else its unshuffled rank. */
PB_DEVICE pb_u32 pb_rank_at(pb_u32 position, int done, const pb_u32 *target,
                            const pb_u32 *moved) {
    pb_u32 rank = position % 13 + 1;
    PB_UNROLL
    for (int m = 0; m < 6; ++m) {
        if (m < done && target[m] == position) rank = moved[m];
    }
    return rank;
}

/* Fisher-Yates step `k` with offset `offset`: deal the card that lands at k. */
PB_DEVICE pb_u32 pb_take_sparse(int k, pb_u32 offset, pb_u32 *target, pb_u32 *moved) {
    pb_u32 j = (pb_u32)k + offset;
    pb_u32 card = pb_rank_at(j, k, target, moved);
    moved[k] = pb_rank_at((pb_u32)k, k, target, moved);
    target[k] = j;
    return card;
}

PB_DEVICE void pb_reshuffle_round(pb_tally *t, pb_rng *g, pb_u32 n) {
    pb_u32 target[6], moved[6], r[4];
#if PB_PAIRED_DRAWS
    pb_draw4(g, n, n - 1, n - 2, n - 3, r);
#else
    r[0] = pb_randbelow(g, n);
    r[1] = pb_randbelow(g, n - 1);
    r[2] = pb_randbelow(g, n - 2);
    r[3] = pb_randbelow(g, n - 3);
#endif
    pb_u32 p1 = pb_take_sparse(0, r[0], target, moved);
    pb_u32 b1 = pb_take_sparse(1, r[1], target, moved);
    pb_u32 p2 = pb_take_sparse(2, r[2], target, moved);
    pb_u32 b2 = pb_take_sparse(3, r[3], target, moved);
    PB_PLAY_COUP(t, p1, b1, p2, b2, pb_take_sparse(4, pb_randbelow(g, n - 4), target, moved),
                 pb_take_sparse(5, pb_randbelow(g, n - 5), target, moved));
}

/* ---- kernels ------------------------------------------------------------- */

PB_DEVICE void pb_flush(const pb_tally *t, pb_u64 *out) {
    pb_u32 ties = t->rounds - t->player_wins - t->banker_wins;
    pb_u32 four_cards = t->rounds - t->five_cards - t->six_cards;
    PB_ATOMIC_ADD(out + 0, t->rounds);
    PB_ATOMIC_ADD(out + 1, t->player_wins);
    PB_ATOMIC_ADD(out + 2, t->banker_wins);
    PB_ATOMIC_ADD(out + 3, ties);
    PB_ATOMIC_ADD(out + 4, t->banker_wins_on_six);
    PB_ATOMIC_ADD(out + 5, t->player_naturals);
    PB_ATOMIC_ADD(out + 6, t->banker_naturals);
    PB_ATOMIC_ADD(out + 7, t->player_pairs);
    PB_ATOMIC_ADD(out + 8, t->banker_pairs);
    PB_ATOMIC_ADD(out + 9, four_cards);
    PB_ATOMIC_ADD(out + 10, t->five_cards);
    PB_ATOMIC_ADD(out + 11, t->six_cards);
}

/* Cut-card shoes first_shoe .. first_shoe + shoes - 1, grid-strided over threads.
 * Dynamic shared memory: 13 * decks * 4 bytes per thread. The caller keeps
 * the shoes per thread low enough for 32-bit per-thread counts. */
PB_KERNEL void pb_tally_cut_card(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks,
                                 pb_u32 cut_card, pb_u32 burn, pb_u64 *out) {
    pb_tally t = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    pb_shoe s;
    s.base = (pb_u8 *)(PB_SHARED_WORDS + threadIdx.x);
    s.row = blockDim.x * 4;
    s.n = 52 * decks;
    s.pos = 0;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, first_shoe + k);
        pb_cut_card_shoe(&t, &g, &s, decks, cut_card, burn);
    }
    pb_flush(&t, out);
}

/* Reshuffle mode: round k is shoe first_shoe + k; no shared memory. */
PB_KERNEL void pb_tally_reshuffle(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks,
                                  pb_u64 *out) {
    pb_tally t = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    pb_u32 n = 52 * decks;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, first_shoe + k);
        pb_reshuffle_round(&t, &g, n);
    }
    pb_flush(&t, out);
}

#ifdef PB_HOST_BUILD
/* ---- CPU driver: every thread of every block in turn ---------------------- */
#include <stdlib.h>

int pb_host_tally(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks, pb_u32 cut_card,
                  pb_u32 burn, pb_u32 reshuffle, pb_u32 grid, pb_u32 block, pb_u64 *out) {
    pb_host_shared = (pb_u32 *)malloc((size_t)block * 13 * decks * sizeof(pb_u32));
    if (pb_host_shared == 0) return 1;
    gridDim.x = grid;
    blockDim.x = block;
    for (pb_u32 b = 0; b < grid; ++b) {
        blockIdx.x = b;
        for (pb_u32 t = 0; t < block; ++t) {
            threadIdx.x = t;
            if (reshuffle)
                pb_tally_reshuffle(seed, first_shoe, shoes, decks, out);
            else
                pb_tally_cut_card(seed, first_shoe, shoes, decks, cut_card, burn, out);
        }
    }
    free(pb_host_shared);
    pb_host_shared = 0;
    return 0;
}

/* `count` draws pb_randbelow(bounds[i]) (paired = 0) or pb_draw4 groups
 * (paired = 1, count a multiple of 4) from shoe `shoe_index`'s generator,
 * then `tail` plain 32-bit words: for testing the draws against core.rng. */
void pb_host_draws(pb_u64 seed, pb_u64 shoe_index, const pb_u32 *bounds, int count, int paired,
                   int tail, pb_u32 *out) {
    pb_rng g;
    pb_rng_seed(&g, seed, shoe_index);
    int i = 0;
    if (paired) {
        for (; i + 4 <= count; i += 4)
            pb_draw4(&g, bounds[i], bounds[i + 1], bounds[i + 2], bounds[i + 3], out + i);
    }
    for (; i < count; ++i) out[i] = pb_randbelow(&g, bounds[i]);
    for (int k = 0; k < tail; ++k) out[count + k] = pb_next32(&g);
}
#endif
