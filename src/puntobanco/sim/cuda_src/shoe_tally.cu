/*
 * Seeded Punto Banco shoes dealt on the GPU and tallied as every backend tallies them.
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
 * The drawing rules are the rules' own tableau (puntobanco.sim.encode's
 * TableauArrays, checked there), packed by puntobanco.sim.cuda into four
 * kernel parameters, so one compiled module serves every rule set:
 *   a two-card total t is a natural  <=> bit t of naturals
 *   the Player draws on total t      <=> bit t of player
 *   banker total b draws on third x  <=> bit (b % 5) * 11 + x of banker_lo (b < 5)
 *                                        or banker_hi (b >= 5); x = 10: the Player stood.
 * Nothing in this file knows which totals are naturals or draw.
 *
 * A card is suit << 4 | rank (rank 1-13, suit 0-3 in the order of the
 * unshuffled shoe: clubs, diamonds, hearts, spades): the point value and rank
 * pairs follow from the rank (card & 15), suited pairs from the whole byte.
 * With PB_NIBBLES a card is its rank alone (no suit), so that build cannot
 * count the full pair classes (puntobanco.sim.cuda refuses to ask it).
 *
 * Shoe layout in shared memory (cut-card mode): four cards to a 32-bit word
 * as bytes (or eight as 4-bit nibbles, PB_NIBBLES). Word w of thread t lives at word
 * index w * blockDim.x + t, so a thread's every access, whatever the card
 * position, falls in bank t % 32: no bank conflicts within a warp.
 *
 * Output: the tally of puntobanco.sim.tallies, a histogram of the 1600 coup
 * classes (pairs * 400 + shape, shape = ((player_cards - 2) * 2 + banker_cards
 * - 2) * 100 + player_total * 10 + banker_total), then the 18 full pair
 * classes ((player_kind * 3 + banker_kind) * 2 + same_rank, kind 0 none, 1 a
 * rank pair, 2 a suited pair), counted only if the pair_classes parameter is
 * set (a warp-uniform flag: no divergence). Each block counts into a 32-bit
 * histogram at the start of its dynamic shared memory and adds it to the
 * 64-bit output once, at the end.
 */

typedef unsigned long long pb_u64;
typedef unsigned int pb_u32;
typedef unsigned char pb_u8;

/* Bins of the tally: 4 pair classes x 400 shapes (puntobanco.core.paytable),
 * then the 18 full pair classes. */
#define PB_SHAPES 400
#define PB_PAIR_BASE 1600
#define PB_CLASSES 1618
/* 1: draw the first four cards of a round from two generator outputs at once
 * (no divergence on the spare word); 0: one generic draw per card. Both give
 * the same numbers; the choice is a speed trade-off measured in bench/gpu. */
#ifndef PB_PAIRED_DRAWS
#define PB_PAIRED_DRAWS 1
#endif
/* 1: a shoe holds eight 4-bit ranks per word (half the shared memory, so twice
 * the threads per multiprocessor); 0: four 8-bit ranks per word. */
#ifndef PB_NIBBLES
#define PB_NIBBLES 0
#endif
#if PB_NIBBLES
#define PB_CARDS_PER_WORD 8
#else
#define PB_CARDS_PER_WORD 4
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
#define PB_SHARED_ADD(address, value) (*(address) += (value))
#else
/* ---- CUDA ------------------------------------------------------------ */
#define PB_KERNEL extern "C" __global__
#define PB_DEVICE static __device__ __forceinline__
#define PB_UNROLL _Pragma("unroll")
extern __shared__ pb_u32 pb_shared_words[];
#define PB_SHARED_WORDS pb_shared_words
#define PB_ATOMIC_ADD(address, value) \
    atomicAdd((unsigned long long *)(address), (unsigned long long)(value))
#define PB_SHARED_ADD(address, value) atomicAdd((address), (value))
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

/* A card's rank (1-13), whatever its suit. */
PB_DEVICE pb_u32 pb_rank(pb_u32 card) { return card & 15u; }

/* Ranks 10, J, Q, K (10-13) count 0; the others their rank. */
PB_DEVICE pb_u32 pb_points(pb_u32 card) {
    pb_u32 rank = pb_rank(card);
    return rank >= 10 ? 0 : rank;
}

PB_DEVICE pb_u32 pb_mod10(pb_u32 sum) { return sum >= 10 ? sum - 10 : sum; }

/* The rules' tableau as bit masks (see the top of the file). */
typedef struct {
    pb_u32 naturals, player;
    pb_u64 banker_lo, banker_hi;
    pb_u32 pair_classes; /* 1: count the full pair classes too */
} pb_tableau;

/* Rows of the Banker's table packed in each 64-bit word (5 rows of 11 bits). */
#define PB_ROWS_PER_WORD 5

PB_DEVICE pb_u32 pb_banker_draws(const pb_tableau *tab, pb_u32 banker, pb_u32 player_third) {
    pb_u32 word = banker / PB_ROWS_PER_WORD;
    pb_u64 row = word ? tab->banker_hi : tab->banker_lo;
    return (pb_u32)(row >> ((banker - PB_ROWS_PER_WORD * word) * 11 + player_third)) & 1u;
}

/* A coup in progress: the two-card totals, then the final ones. */
typedef struct {
    pb_u32 player, banker;   /* totals */
    pb_u32 no_natural;       /* 1 if neither side has a natural on two cards */
    pb_u32 player_draws;     /* 1 if the Player takes a third card */
    pb_u32 pairs;            /* player pair * 2 + banker pair */
    pb_u32 fine;             /* the full pair class (0-17) */
} pb_coup;

PB_DEVICE pb_coup pb_open(const pb_tableau *tab, pb_u32 p1, pb_u32 b1, pb_u32 p2, pb_u32 b2) {
    pb_coup c;
    c.player = pb_mod10(pb_points(p1) + pb_points(p2));
    c.banker = pb_mod10(pb_points(b1) + pb_points(b2));
    pb_u32 player_pair = pb_rank(p1) == pb_rank(p2), banker_pair = pb_rank(b1) == pb_rank(b2);
    c.pairs = player_pair * 2u + banker_pair;
    pb_u32 player_kind = player_pair + (p1 == p2), banker_kind = banker_pair + (b1 == b2);
    pb_u32 same_rank = player_pair & banker_pair & (pb_rank(p1) == pb_rank(b1));
    c.fine = (player_kind * 3u + banker_kind) * 2u + same_rank;
    c.no_natural = 1u ^ (((tab->naturals >> c.player) | (tab->naturals >> c.banker)) & 1u);
    c.player_draws = c.no_natural & (tab->player >> c.player) & 1u;
    return c;
}

/* Count the finished coup in the block's histogram. */
PB_DEVICE void pb_close(pb_u32 *hist, const pb_coup *c, pb_u32 banker_draws) {
    pb_u32 shape = (c->player_draws * 2u + banker_draws) * 100u + c->player * 10u + c->banker;
    PB_SHARED_ADD(hist + c->pairs * PB_SHAPES + shape, 1u);
}

/* Count the coup's full pair class, if the rules need it. */
PB_DEVICE void pb_close_pairs(pb_u32 *hist, const pb_tableau *tab, const pb_coup *c) {
    if (tab->pair_classes) PB_SHARED_ADD(hist + PB_PAIR_BASE + c->fine, 1u);
}

/*
 * The third cards, in one shape for every thread of a warp.
 *
 * A coup needs at most two more words after its first four cards, and both
 * come from the spare word and at most one more generator output. That output
 * is computed by every thread; the cards are read whether or not they are
 * drawn; only the swaps, the totals and the generator state are updated under
 * the coup's own conditions. Branching per thread instead makes a warp run the
 * Player's draw and both Banker draws one after the other, each with its own
 * generator call. When a draw could be rejected by Lemire's step (or the shoe
 * is at its last cards) the exact card-by-card path runs instead: about once
 * in ten million coups.
 */
typedef struct {
    pb_u32 w5, w6;      /* the words for the fifth card and the sixth */
    pb_u32 hi, lo;      /* the halves of the speculative output */
    pb_rng advanced;    /* the generator state after that output */
} pb_spec;

PB_DEVICE pb_spec pb_speculate(const pb_rng *g, pb_u32 player_draws) {
    pb_spec sp;
    sp.advanced = *g;
    pb_u64 c = pb_next64(&sp.advanced);
    sp.hi = (pb_u32)(c >> 32);
    sp.lo = (pb_u32)c;
    sp.w5 = g->has_spare ? g->spare : sp.hi;
    sp.w6 = player_draws ? (g->has_spare ? sp.hi : sp.lo) : sp.w5;
    return sp;
}

/* Advance the generator past the `used` words (0-2) taken from the speculation. */
PB_DEVICE void pb_commit(pb_rng *g, const pb_spec *sp, pb_u32 used) {
    pb_u32 had_spare = g->has_spare;
    if (used > had_spare) {
        g->s0 = sp->advanced.s0;
        g->s1 = sp->advanced.s1;
        g->s2 = sp->advanced.s2;
        g->s3 = sp->advanced.s3;
        g->spare = sp->lo;
    }
    g->has_spare = (had_spare + used) & 1u;
}

/* ---- cut-card shoes, in shared memory ------------------------------------- */

typedef struct {
    pb_u32 *words; /* this thread's first word */
    pb_u32 stride; /* words between a thread's consecutive words (blockDim.x) */
    pb_u32 n;      /* cards in the shoe */
    pb_u32 pos;    /* cards dealt or burned */
} pb_shoe;

/* The card at position `at`; if `really`, the card at `from` moves there. */
PB_DEVICE pb_u32 pb_swap_in(const pb_shoe *s, pb_u32 from, pb_u32 at, pb_u32 really) {
#if PB_NIBBLES
    pb_u32 *there = s->words + (at >> 3) * s->stride;
    pb_u32 word = *there;
    pb_u32 shift = (at & 7u) * 4;
    pb_u32 card = (word >> shift) & 15u;
    pb_u32 moved = (s->words[(from >> 3) * s->stride] >> ((from & 7u) * 4)) & 15u;
    if (really) *there = (word & ~(15u << shift)) | (moved << shift);
#else
    pb_u8 *here = (pb_u8 *)(s->words + (from >> 2) * s->stride) + (from & 3u);
    pb_u8 *there = (pb_u8 *)(s->words + (at >> 2) * s->stride) + (at & 3u);
    pb_u32 card = *there;
    if (really) *there = *here;
#endif
    return card;
}

/* The next Fisher-Yates step with a known offset: swap, and deal position pos. */
PB_DEVICE pb_u32 pb_take(pb_shoe *s, pb_u32 offset) {
    pb_u32 card = pb_swap_in(s, s->pos, s->pos + offset, 1);
    s->pos += 1;
    return card;
}

/* The next Fisher-Yates step, drawing its own offset (none for the last card). */
PB_DEVICE pb_u32 pb_deal(pb_shoe *s, pb_rng *g) {
    pb_u32 left = s->n - s->pos;
    return pb_take(s, left > 1 ? pb_randbelow(g, left) : 0);
}

/* A Fisher-Yates step done only if `really`; the card at pos + offset either way. */
PB_DEVICE pb_u32 pb_take_if(pb_shoe *s, pb_u32 offset, pb_u32 really) {
    pb_u32 card = pb_swap_in(s, s->pos, s->pos + offset, really);
    s->pos += really;
    return card;
}

/* Cards of a new shoe: deck after deck, suit after suit, A..K (core.cards).
 * The pattern of words repeats every 13 words (one deck of bytes, or two
 * decks of nibbles: ranks only). */
PB_DEVICE void pb_fill(pb_shoe *s) {
    pb_u32 words = (s->n + PB_CARDS_PER_WORD - 1) / PB_CARDS_PER_WORD;
    for (pb_u32 first = 0; first < words; first += 13) {
        PB_UNROLL
        for (pb_u32 w = 0; w < 13; ++w) {
            pb_u32 value = 0;
            PB_UNROLL
            for (pb_u32 b = 0; b < PB_CARDS_PER_WORD; ++b) {
                pb_u32 at = PB_CARDS_PER_WORD * w + b;
#if PB_NIBBLES
                pb_u32 card = at % 13 + 1;
#else
                pb_u32 card = (at / 13) << 4 | (at % 13 + 1);
#endif
                value |= card << ((32 / PB_CARDS_PER_WORD) * b);
            }
            if (first + w < words) s->words[(first + w) * s->stride] = value;
        }
    }
}

PB_DEVICE void pb_shoe_coup(pb_u32 *hist, const pb_tableau *tab, pb_rng *g, pb_shoe *s) {
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
    pb_coup c = pb_open(tab, p1, b1, p2, b2);
    pb_u32 banker_draws;
#if PB_PAIRED_DRAWS
    pb_spec sp = pb_speculate(g, c.player_draws);
    pb_u32 left5 = s->n - s->pos, left6 = left5 - c.player_draws;
    pb_u64 m5 = (pb_u64)sp.w5 * left5, m6 = (pb_u64)sp.w6 * left6;
    if ((left5 > 2) & ((pb_u32)m5 >= left5) & ((pb_u32)m6 >= left6)) {
        pb_u32 fifth = pb_take_if(s, (pb_u32)(m5 >> 32), c.player_draws);
        pb_u32 third = c.player_draws ? pb_points(fifth) : 10;
        c.player = c.player_draws ? pb_mod10(c.player + third) : c.player;
        banker_draws = c.no_natural & pb_banker_draws(tab, c.banker, third);
        pb_u32 sixth = pb_take_if(s, (pb_u32)(m6 >> 32), banker_draws);
        c.banker = banker_draws ? pb_mod10(c.banker + pb_points(sixth)) : c.banker;
        pb_commit(g, &sp, c.player_draws + banker_draws);
    } else
#endif
    {
        pb_u32 third = 10;
        banker_draws = 0;
        if (c.player_draws) {
            third = pb_points(pb_deal(s, g));
            c.player = pb_mod10(c.player + third);
        }
        if (c.no_natural && pb_banker_draws(tab, c.banker, third)) {
            c.banker = pb_mod10(c.banker + pb_points(pb_deal(s, g)));
            banker_draws = 1;
        }
    }
    pb_close(hist, &c, banker_draws);
    pb_close_pairs(hist, tab, &c);
}

PB_DEVICE void pb_cut_card_shoe(pb_u32 *hist, const pb_tableau *tab, pb_rng *g, pb_shoe *s,
                                pb_u32 cut_card, pb_u32 burn) {
    pb_u32 cut_index = s->n - cut_card;
    pb_fill(s);
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
        pb_shoe_coup(hist, tab, g, s);
        if (last) break;
    }
}

/* ---- reshuffle mode: one round per fresh shoe, no array ------------------ */

/* The card at `position` of a fresh shoe after the `done` swaps recorded in
 * (target[m], moved[m]): the latest write to it, else its unshuffled card. */
PB_DEVICE pb_u32 pb_card_at(pb_u32 position, pb_u32 done, const pb_u32 *target,
                            const pb_u32 *moved) {
    pb_u32 card = (position / 13 % 4) << 4 | (position % 13 + 1);
    PB_UNROLL
    for (pb_u32 m = 0; m < 6; ++m) {
        if (m < done && target[m] == position) card = moved[m];
    }
    return card;
}

/* Fisher-Yates step `k` with offset `offset`: deal the card that lands at k. */
PB_DEVICE pb_u32 pb_take_sparse(pb_u32 k, pb_u32 offset, pb_u32 *target, pb_u32 *moved) {
    pb_u32 j = k + offset;
    pb_u32 card = pb_card_at(j, k, target, moved);
    moved[k] = pb_card_at(k, k, target, moved);
    target[k] = j;
    return card;
}

PB_DEVICE void pb_reshuffle_round(pb_u32 *hist, const pb_tableau *tab, pb_rng *g, pb_u32 n) {
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
    pb_coup c = pb_open(tab, p1, b1, p2, b2);
    pb_u32 banker_draws;
#if PB_PAIRED_DRAWS
    /* The generator is thrown away after the round: nothing to commit. */
    pb_spec sp = pb_speculate(g, c.player_draws);
    pb_u32 left6 = n - 4 - c.player_draws;
    pb_u64 m5 = (pb_u64)sp.w5 * (n - 4), m6 = (pb_u64)sp.w6 * left6;
    if (((pb_u32)m5 >= n - 4) & ((pb_u32)m6 >= left6)) {
        pb_u32 fifth = pb_take_sparse(4, (pb_u32)(m5 >> 32), target, moved);
        pb_u32 third = c.player_draws ? pb_points(fifth) : 10;
        c.player = c.player_draws ? pb_mod10(c.player + third) : c.player;
        banker_draws = c.no_natural & pb_banker_draws(tab, c.banker, third);
        /* The sixth card's step is 5 after a Player draw, else 4; entry 4 of
         * the swaps counts only in the first case. */
        pb_u32 k = 4 + c.player_draws;
        pb_u32 sixth = pb_card_at(k + (pb_u32)(m6 >> 32), k, target, moved);
        c.banker = banker_draws ? pb_mod10(c.banker + pb_points(sixth)) : c.banker;
    } else
#endif
    {
        pb_u32 third = 10;
        banker_draws = 0;
        if (c.player_draws) {
            third = pb_points(pb_take_sparse(4, pb_randbelow(g, n - 4), target, moved));
            c.player = pb_mod10(c.player + third);
        }
        if (c.no_natural && pb_banker_draws(tab, c.banker, third)) {
            pb_u32 k = 4 + c.player_draws;
            pb_u32 sixth = pb_card_at(k + pb_randbelow(g, n - k), k, target, moved);
            c.banker = pb_mod10(c.banker + pb_points(sixth));
            banker_draws = 1;
        }
    }
    pb_close(hist, &c, banker_draws);
    pb_close_pairs(hist, tab, &c);
}

/* ---- kernels ------------------------------------------------------------- */

/* Each kernel runs in three steps with a barrier between them: clear the
 * block's histogram, deal (each thread its shoes), add the histogram to the
 * output. The steps are device functions so that the CPU build's driver can
 * run each for every thread of a block before the next (no barrier there). */

PB_DEVICE void pb_hist_clear(pb_u32 *hist) {
    for (pb_u32 i = threadIdx.x; i < PB_CLASSES; i += blockDim.x) hist[i] = 0;
}

PB_DEVICE void pb_hist_flush(const pb_u32 *hist, pb_u64 *out) {
    for (pb_u32 i = threadIdx.x; i < PB_CLASSES; i += blockDim.x)
        if (hist[i]) PB_ATOMIC_ADD(out + i, hist[i]);
}

PB_DEVICE pb_tableau pb_make_tableau(pb_u32 naturals, pb_u32 player, pb_u64 banker_lo,
                                     pb_u64 banker_hi, pb_u32 pair_classes) {
    pb_tableau tab;
    tab.pair_classes = pair_classes;
    tab.naturals = naturals;
    tab.player = player;
    tab.banker_lo = banker_lo;
    tab.banker_hi = banker_hi;
    return tab;
}

/* This thread's cut-card shoes, grid-strided. The shoes live after the histogram. */
PB_DEVICE void pb_cut_card_thread(pb_u32 *hist, const pb_tableau *tab, pb_u64 seed,
                                  pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks,
                                  pb_u32 cut_card, pb_u32 burn) {
    pb_shoe s;
    s.words = hist + PB_CLASSES + threadIdx.x;
    s.stride = blockDim.x;
    s.n = 52 * decks;
    s.pos = 0;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, first_shoe + k);
        pb_cut_card_shoe(hist, tab, &g, &s, cut_card, burn);
    }
}

/* This thread's reshuffled rounds (round k is shoe first_shoe + k), grid-strided. */
PB_DEVICE void pb_reshuffle_thread(pb_u32 *hist, const pb_tableau *tab, pb_u64 seed,
                                   pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks) {
    pb_u32 n = 52 * decks;
    pb_u64 threads = (pb_u64)gridDim.x * blockDim.x;
    for (pb_u64 k = (pb_u64)blockIdx.x * blockDim.x + threadIdx.x; k < shoes; k += threads) {
        pb_rng g;
        pb_rng_seed(&g, seed, first_shoe + k);
        pb_reshuffle_round(hist, tab, &g, n);
    }
}

#ifndef PB_HOST_BUILD
/* Cut-card shoes first_shoe .. first_shoe + shoes - 1. Dynamic shared memory:
 * 4 * PB_CLASSES bytes of histogram, then 4 * ceil(52 * decks / PB_CARDS_PER_WORD)
 * bytes per thread. The caller keeps the shoes per block low enough for
 * 32-bit counts. */
PB_KERNEL void pb_tally_cut_card(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks,
                                 pb_u32 cut_card, pb_u32 burn, pb_u32 naturals, pb_u32 player,
                                 pb_u64 banker_lo, pb_u64 banker_hi, pb_u32 pair_classes,
                                 pb_u64 *out) {
    pb_tableau tab = pb_make_tableau(naturals, player, banker_lo, banker_hi, pair_classes);
    pb_hist_clear(PB_SHARED_WORDS);
    __syncthreads();
    pb_cut_card_thread(PB_SHARED_WORDS, &tab, seed, first_shoe, shoes, decks, cut_card, burn);
    __syncthreads();
    pb_hist_flush(PB_SHARED_WORDS, out);
}

/* Reshuffle mode. Dynamic shared memory: the histogram only. */
PB_KERNEL void pb_tally_reshuffle(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks,
                                  pb_u32 naturals, pb_u32 player, pb_u64 banker_lo,
                                  pb_u64 banker_hi, pb_u32 pair_classes, pb_u64 *out) {
    pb_tableau tab = pb_make_tableau(naturals, player, banker_lo, banker_hi, pair_classes);
    pb_hist_clear(PB_SHARED_WORDS);
    __syncthreads();
    pb_reshuffle_thread(PB_SHARED_WORDS, &tab, seed, first_shoe, shoes, decks);
    __syncthreads();
    pb_hist_flush(PB_SHARED_WORDS, out);
}
#endif

#ifdef PB_HOST_BUILD
/* ---- CPU driver: every thread of every block in turn, step by step -------- */
#include <stdlib.h>

int pb_host_tally(pb_u64 seed, pb_u64 first_shoe, pb_u64 shoes, pb_u32 decks, pb_u32 cut_card,
                  pb_u32 burn, pb_u32 reshuffle, pb_u32 naturals, pb_u32 player,
                  pb_u64 banker_lo, pb_u64 banker_hi, pb_u32 pair_classes, pb_u32 grid,
                  pb_u32 block, pb_u64 *out) {
    pb_tableau tab = pb_make_tableau(naturals, player, banker_lo, banker_hi, pair_classes);
    pb_host_shared =
        (pb_u32 *)malloc(((size_t)block * 13 * decks + PB_CLASSES) * sizeof(pb_u32));
    if (pb_host_shared == 0) return 1;
    gridDim.x = grid;
    blockDim.x = block;
    for (pb_u32 b = 0; b < grid; ++b) {
        blockIdx.x = b;
        for (threadIdx.x = 0; threadIdx.x < block; ++threadIdx.x) pb_hist_clear(pb_host_shared);
        for (threadIdx.x = 0; threadIdx.x < block; ++threadIdx.x) {
            if (reshuffle)
                pb_reshuffle_thread(pb_host_shared, &tab, seed, first_shoe, shoes, decks);
            else
                pb_cut_card_thread(pb_host_shared, &tab, seed, first_shoe, shoes, decks,
                                   cut_card, burn);
        }
        for (threadIdx.x = 0; threadIdx.x < block; ++threadIdx.x)
            pb_hist_flush(pb_host_shared, out);
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
