/* The C interface from C (docs/c.md): loads a script and decides every game given, printing
 * "GAME ACTION" lines as `hus decide --seed 1 SCRIPT GAME` prints ACTION; then decides one
 * hand given as a struct, which must agree with its XML (examples/games/preflop-3bet.xml),
 * and checks that bad input gives error codes. Built and compared with `hus decide` by
 * .ci/run; exits 1 on any failure. */
#include <stdio.h>
#include <string.h>

#include "hus.h"

static int failures = 0;

static void fail(const char *what, HusError *error) {
  fprintf(stderr, "decide.c: %s: status %d: %s\n", what, (int)hus_error_status(error),
          hus_error_message(error));
  hus_error_free(error);
  failures++;
}

/* Reads a whole file into buf (NUL-terminated); 0 when it cannot. */
static int read_file(const char *path, char *buf, size_t size) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  size_t n = fread(buf, 1, size - 1, f);
  fclose(f);
  buf[n] = '\0';
  return 1;
}

/* The villain raised to 60 from the small blind; the hero holds KK in the big blind. */
static void decide_struct(const HusBot *bot) {
  HusAct acts[] = {{HUS_PLAYER_VILLAIN, HUS_ACT_KIND_RAISE, 60}};
  HusHand hand = {10.0, 20.0, 2000.0, 2000.0, HUS_PLAYER_VILLAIN, "KhKc", NULL, acts, 1, 0.0, 0};
  HusDecision d;
  HusError *error = NULL;
  if (hus_decide_hand(bot, &hand, 1, &d, &error) != HUS_STATUS_OK) {
    fail("the hand struct", error);
    return;
  }
  printf("struct:preflop-3bet %s\n", d.text);
  if (d.action != HUS_ACTION_RAISE || d.amount != 120.0 || d.raise_to != 180.0) {
    fprintf(stderr, "decide.c: the struct's decision is %s (to %g)\n", d.text, d.raise_to);
    failures++;
  }
}

/* The chip: at 0.25/0.5 a raise of 3 big blinds is 1.5 exactly (the finest decimal, 0.01,
 * by default); with a chip of 1 it is rounded to 2. */
static void decide_chip(void) {
  HusBot *bot = NULL;
  HusError *error = NULL;
  const char *script = "PREFLOP\nRULE\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n";
  if (hus_bot_from_source("chip.hus", script, NULL, &bot, &error) != HUS_STATUS_OK) {
    fail("the chip script", error);
    return;
  }
  if (hus_abi_version() != HUS_ABI_VERSION) {
    fprintf(stderr, "decide.c: the library's ABI is %u, the header's %u\n",
            (unsigned)hus_abi_version(), (unsigned)HUS_ABI_VERSION);
    failures++;
  }
  double chips[] = {0.0, 1.0};
  double amounts[] = {1.5, 2.0};
  for (int i = 0; i < 2; i++) {
    HusHand hand = {0.25, 0.5, 50.0, 50.0, HUS_PLAYER_HERO, "AsKd", NULL, NULL, 0, chips[i], 0};
    HusDecision d;
    if (hus_decide_hand(bot, &hand, 1, &d, &error) != HUS_STATUS_OK) {
      fail("the chip hand", error);
      continue;
    }
    if (d.action != HUS_ACTION_RAISE || d.amount != amounts[i]) {
      fprintf(stderr, "decide.c: chip %g: %s, expected a raise of %g\n", chips[i], d.text,
              amounts[i]);
      failures++;
    }
  }
  hus_bot_free(bot);
}

/* An act's total is an exact count of 10^-act_places chips: the villain's raise to 1.375 at
 * 0.25/0.5 is 1375 with 3 places, and tag.hus re-raises AA by 2.625 to exactly 4, as
 * `hus decide` does on the hand's XML. */
static void decide_places(const HusBot *bot) {
  HusAct acts[] = {{HUS_PLAYER_VILLAIN, HUS_ACT_KIND_RAISE, 1375}};
  HusHand hand = {0.25, 0.5, 50.0, 50.0, HUS_PLAYER_VILLAIN, "AsAd", NULL, acts, 1, 0.0, 3};
  HusDecision d;
  HusError *error = NULL;
  if (hus_decide_hand(bot, &hand, 1, &d, &error) != HUS_STATUS_OK) {
    fail("the places hand", error);
    return;
  }
  if (d.action != HUS_ACTION_RAISE || d.amount != 2.625 || d.raise_to != 4.0) {
    fprintf(stderr, "decide.c: 1375 thousandths: %s (to %g), expected raise 2.625 to 4\n",
            d.text, d.raise_to);
    failures++;
  }
  hand.act_places = 10;
  if (hus_decide_hand(bot, &hand, 1, &d, NULL) != HUS_STATUS_INVALID_ARGUMENT) failures++;
}

/* Bad input is an error code, never a crash. */
static void bad_input(const HusBot *bot) {
  HusDecision d;
  HusError *error = NULL;
  HusBot *none = NULL;
  if (hus_decide_xml(bot, NULL, 1, &d, &error) != HUS_STATUS_NULL_ARGUMENT) failures++;
  hus_error_free(error);
  if (hus_decide_xml(bot, "<game>", 1, &d, NULL) != HUS_STATUS_INVALID_GAME) failures++;
  if (hus_bot_from_source("b.hus", "\xff\xfe", NULL, &none, NULL) != HUS_STATUS_INVALID_UTF8)
    failures++;
  if (hus_bot_from_source("b.hus", "PREFLOP\nRULE\nTHEN RAISE\nENDRULE\nENDPREFLOP\n", NULL,
                          &none, &error) != HUS_STATUS_SCRIPT_ERROR || none != NULL)
    failures++;
  hus_error_free(error);
}

/* Expects `status` and the message `want` from a call that failed; a mismatch is printed. */
static void expect_message(const char *what, HusStatus status, HusStatus want_status,
                           HusError *error, const char *want) {
  const char *got = error ? hus_error_message(error) : "(no error)";
  if (status != want_status || strcmp(got, want) != 0) {
    fprintf(stderr, "decide.c: %s: status %d, message (%zu bytes):\n%.300s\nexpected:\n%s\n",
            what, (int)status, strlen(got), got, want);
    failures++;
  }
  hus_error_free(error);
}

/* A message quotes an input clipped (its first 60 characters and an ellipsis) and writes a
 * number in short form (1e300, not its 301 digits), however large the input. */
static void short_messages(const HusBot *bot) {
  static char script[1 << 21];
  HusDecision d;
  HusError *error = NULL;
  HusBot *none = NULL;
  HusHand hand = {1e300, 1e300, 2000.0, 2000.0, HUS_PLAYER_HERO, "KhKc", NULL, NULL, 0, 0.0, 0};
  HusStatus status = hus_decide_hand(bot, &hand, 1, &d, &error);
  expect_message("a blind of 1e300", status, HUS_STATUS_INVALID_GAME, error,
                 "hand: error: small_blind: 1e300 is not a number of chips\n"
                 "hand: error: big_blind: 1e300 is not a number of chips\n"
                 "hand: error: posts[0]: 1e300 is not a number of chips\n"
                 "hand: error: posts[1]: 1e300 is not a number of chips");
  /* A rule whose condition is one unknown name of 2,000,000 letters. */
  const char *head = "PREFLOP\nRULE ";
  size_t n = strlen(head);
  memcpy(script, head, n);
  for (size_t i = 0; i < 2000000; i++) script[n + i] = (char)('a' + i % 2);
  strcpy(script + n + 2000000, "\nTHEN CALL\nENDRULE\nENDPREFLOP\n");
  error = NULL;
  status = hus_bot_from_source("long.hus", script, NULL, &none, &error);
  expect_message("a name of 2,000,000 letters", status, HUS_STATUS_SCRIPT_ERROR, error,
                 "long.hus:2:6: error: unknown name "
                 "`abababababababababababababababababababababababababababababab\xe2\x80\xa6`");
}

int main(int argc, char **argv) {
  static char xml[1 << 20];
  HusBot *bot = NULL;
  HusError *error = NULL;
  if (argc < 2) {
    fprintf(stderr, "usage: decide SCRIPT GAME...\n");
    return 2;
  }
  if (hus_bot_from_file(argv[1], NULL, &bot, &error) != HUS_STATUS_OK) {
    fail(argv[1], error);
    return 1;
  }
  for (int i = 2; i < argc; i++) {
    HusDecision d;
    if (!read_file(argv[i], xml, sizeof xml)) {
      fprintf(stderr, "decide.c: cannot read %s\n", argv[i]);
      failures++;
      continue;
    }
    if (hus_decide_xml(bot, xml, 1, &d, &error) != HUS_STATUS_OK) {
      fail(argv[i], error);
      continue;
    }
    printf("%s %s\n", argv[i], d.text);
  }
  decide_struct(bot);
  decide_chip();
  decide_places(bot);
  bad_input(bot);
  short_messages(bot);
  hus_bot_free(bot);
  return failures == 0 ? 0 : 1;
}
