/* Beggar-my-neighbour as a plain C loop, the yardstick of `python -m cardlab.bench sim`.
   Each game: one 52-card pack shuffled by splitmix64 (Fisher-Yates), dealt alternately; J Q K A
   owe 1 2 3 4 cards; the creditor takes the pile under their hand and leads; a player who must
   play without a card loses; games stop at a cap of cards. Prints games, CPU seconds, cards. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static long play(uint64_t seed, long cap) {
    uint64_t s = mix(seed);
    unsigned char deck[52], hand[2][64], pile[52];
    int head[2] = {0, 0}, size[2] = {26, 26};
    for (int k = 0; k < 52; k++) deck[k] = k % 13 < 9 ? 0 : k % 13 - 8;
    for (int i = 51; i > 0; i--) {
        s += 0x9E3779B97F4A7C15ULL;
        int j = (int)((double)(mix(s) >> 11) * 0x1.0p-53 * (i + 1));
        unsigned char t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    for (int k = 0; k < 26; k++) { hand[0][k] = deck[2 * k]; hand[1][k] = deck[2 * k + 1]; }
    int turner = 0, owed = 0, creditor = 0, n = 0;
    long cards = 0;
    while (cards < cap) {
        if (size[turner] == 0) return cards;
        unsigned char c = hand[turner][head[turner]];
        head[turner] = (head[turner] + 1) & 63;
        size[turner]--;
        pile[n++] = c;
        cards++;
        if (c) { owed = c; creditor = turner; turner ^= 1; }
        else if (owed) {
            if (--owed == 0) {
                for (int k = 0; k < n; k++) hand[creditor][(head[creditor] + size[creditor]++) & 63] = pile[k];
                n = 0; turner = creditor;
                if (size[creditor ^ 1] == 0) return cards;
            }
        } else turner ^= 1;
    }
    return cards;
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 1000000, total = 0;
    clock_t start = clock();
    for (long g = 0; g < games; g++) total += play((uint64_t)g, 100000);
    printf("%ld %.6f %ld\n", games, (double)(clock() - start) / CLOCKS_PER_SEC, total);
    return 0;
}
