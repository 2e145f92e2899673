/* Cleopatra with slaps as a plain C loop, the yardstick of the kernel's "Cleopatra, bot slaps"
   in `python -m cardlab.bench sim`: a card at a time, the rules C4-C15 (docs/rules/cleopatra.md)
   with both seats' slap model, and the kernel's generator (cardlab/kernels/rng.py: splitmix64
   streams per game, Fisher-Yates two positions a draw, the ziggurat normal, whose tables the
   build writes into zig.h), so that game i of a run is the kernel's game i, card for card.

   Each game: C3 a seeded first player, C2 red to them and black to the other, shuffled; C4 turn
   the top card; C5 a number card passes the turn; C6 an honour (J1 Q2 K3 A5) makes the opponent
   pay, a new honour reverses it, the creditor takes the pile when paid; C7 captures go to a won
   pile; C8 the captor leads; C9 an empty hand takes the shuffled won pile when its player turns;
   C10 a pair on top (two of a rank) is raced for by both seats, the winner takes the pile, a
   payment's last card making a pair puts off the collection until play goes on; C11 the earlier
   reaction wins, a tie a coin; C15 a player left without any card loses; games stop at a cap of
   steps. Seat s notices a pair with probability attention_s and slaps after
   max(min_s, rint(mean_s + spread_s * normal)) ms.

   usage: cleopatra [games [run_seed [rows [attention reaction spread min] x 2]]]
   Prints games, CPU seconds and cards in all; with rows=1 first each game's winner (-1 none),
   reason (0 no cards, 3 cap), cards, tricks, steps and both seats' slaps. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "zig.h"           /* KN[128], WN[128], FN[128], TAIL: rng.py's ziggurat tables */

#define GAMMA 0x9E3779B97F4A7C15ULL
#define NEVER 1e18
#define CAP_STEPS 20000
enum { DEAL, CHANCE, SEAT };

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s) { *s += GAMMA; return (double)(mix(*s) >> 11) * 0x1.0p-53; }

static int below(uint64_t *s, int n) { *s += GAMMA; return (int)(((mix(*s) >> 32) * (uint64_t)n) >> 32); }

static double normal(uint64_t *s) {
    for (;;) {
        *s += GAMMA;
        uint64_t bits = mix(*s);
        int64_t hz = (int64_t)(bits >> 32) - 2147483648LL;
        int iz = (int)(bits & 127);
        double x = (double)hz * WN[iz];
        if (llabs(hz) < KN[iz]) return x;
        if (iz == 0) {
            for (;;) {
                x = -log(1.0 - uniform(s)) / TAIL;
                double y = -log(1.0 - uniform(s));
                if (y + y >= x * x) return hz > 0 ? TAIL + x : -TAIL - x;
            }
        }
        if (FN[iz] + uniform(s) * (FN[iz - 1] - FN[iz]) < exp(-0.5 * x * x)) return x;
    }
}

static void shuffle(uint64_t *s, unsigned char *items, int n) {
    uint64_t state = *s, bits = 0, half;
    for (int i = n - 1; i > 0; i--) {
        if (((n - 1 - i) & 1) == 0) { state += GAMMA; bits = mix(state); half = bits >> 32; }
        else half = bits & 0xFFFFFFFFULL;
        int k = (int)((half * (uint64_t)(i + 1)) >> 32);
        unsigned char t = items[i]; items[i] = items[k]; items[k] = t;
    }
    *s = state;
}

typedef struct { double attention, reaction, spread, least; } Model;
typedef struct { int winner, reason; long cards, tricks, steps, slaps[2]; } Row;

static double reaction(uint64_t *s, const Model *m) {
    if (m->attention <= 0.0 || uniform(s) >= m->attention) return NEVER;
    return fmax(m->least, rint(m->reaction + m->spread * normal(s)));
}

static Row play(uint64_t seed, const Model models[2]) {
    uint64_t st[4];
    for (int j = 0; j < 4; j++) st[j] = mix(seed ^ ((uint64_t)(j + 1) * GAMMA));
    unsigned char deal[52], hand[2][64], won[2][52], pile[52];   /* ranks 0..12: 2..10, J Q K A */
    int head[2] = {0, 0}, size[2] = {26, 26}, wons[2] = {0, 0};
    int first = below(&st[DEAL], 2);
    for (int k = 0; k < 26; k++) { deal[k] = (13 + k) % 13; deal[26 + k] = (k < 13 ? k : 26 + k) % 13; }
    shuffle(&st[DEAL], deal, 26);
    shuffle(&st[DEAL], deal + 26, 26);
    for (int k = 0; k < 26; k++) { hand[first][k] = deal[k]; hand[1 - first][k] = deal[26 + k]; }
    Row row = {-1, -1, 0, 0, 0, {0, 0}};
    int turner = first, owed = 0, creditor = -1, collector = -1, n = 0, last = -1, fresh = 1;
    for (;;) {
        if ((fresh || turner != last) && row.steps >= CAP_STEPS) { row.reason = 3; break; }
        int seat = turner;
        if (collector == seat) {                        /* C10: nobody slapped, play goes on */
            for (int k = 0; k < n; k++) won[seat][wons[seat]++] = pile[k];
            n = 0; row.tricks++; owed = 0; collector = -1; fresh = 1;
        }
        if (fresh || seat != last) row.steps++;
        fresh = 0; last = seat;
        if (size[seat] == 0) {                          /* C9 */
            shuffle(&st[CHANCE], won[seat], wons[seat]);
            for (int k = 0; k < wons[seat]; k++) hand[seat][k] = won[seat][k];
            head[seat] = 0; size[seat] = wons[seat]; wons[seat] = 0;
        }
        unsigned char c = hand[seat][head[seat]];       /* C4 */
        head[seat] = (head[seat] + 1) & 63;
        size[seat]--;
        pile[n++] = c;
        row.cards++;
        if (size[seat] == 0 && wons[seat] == 0) { row.winner = 1 - seat; row.reason = 0; break; }   /* C15 */
        int pair = n >= 2 && pile[n - 2] == c;
        if (c >= 9) { owed = c == 12 ? 5 : c - 8; creditor = seat; turner = 1 - seat; }      /* C6 */
        else if (owed) {
            if (--owed == 0) {
                turner = creditor;
                if (pair) collector = creditor;
                else {                                   /* C7, C8 */
                    for (int k = 0; k < n; k++) won[creditor][wons[creditor]++] = pile[k];
                    n = 0; row.tricks++; fresh = 1;
                }
            }
        } else turner = 1 - seat;                       /* C5 */
        if (!pair) continue;
        if ((fresh || turner != last) && row.steps >= CAP_STEPS) { row.reason = 3; break; }
        double t0 = reaction(&st[SEAT], &models[0]), t1 = reaction(&st[SEAT + 1], &models[1]);
        if (t0 < NEVER || t1 < NEVER) {                 /* C10, C11 */
            int taker = t0 < t1 ? 0 : t1 < t0 ? 1 : below(&st[CHANCE], 2);
            row.slaps[taker]++;
            for (int k = 0; k < n; k++) won[taker][wons[taker]++] = pile[k];
            n = 0; row.tricks++; owed = 0; collector = -1; turner = taker; fresh = 1;
        }
    }
    row.tricks += n > 0;
    return row;
}

static uint64_t game_seed(uint64_t run_seed, uint64_t i) {
    return mix(mix(run_seed ^ GAMMA) + i * GAMMA) & 0x7FFFFFFFFFFFFFFFULL;
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 100000, total = 0;
    uint64_t run_seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
    int rows = argc > 3 && atoi(argv[3]);
    Model models[2] = {{0.8, 350.0, 90.0, 150.0}, {0.8, 350.0, 90.0, 150.0}};   /* SlapBot's model */
    for (int s = 0; s < 2 && argc > 7 + 4 * s; s++)
        models[s] = (Model){atof(argv[4 + 4 * s]), atof(argv[5 + 4 * s]), atof(argv[6 + 4 * s]), atof(argv[7 + 4 * s])};
    clock_t start = clock();
    for (long g = 0; g < games; g++) {
        Row row = play(game_seed(run_seed, (uint64_t)g), models);
        total += row.cards;
        if (rows) printf("%d %d %ld %ld %ld %ld %ld\n", row.winner, row.reason, row.cards, row.tricks, row.steps,
                         row.slaps[0], row.slaps[1]);
    }
    printf("%ld %.6f %ld\n", games, (double)(clock() - start) / CLOCKS_PER_SEC, total);
    return 0;
}
