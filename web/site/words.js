// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

// The page's words for the rules: a plain label and a one-line explanation for each preset
// and each house rule, and the scoring chart of a rules value (every combination the rules
// score, valued by the package's own scorer). Offline and online play both use them.

/** Each preset: a name for people and what sets it apart. */
export const PRESETS = {
  classic: ["Classic", "10,000 to win, 500 in one turn to get on the board, a last round for everyone else."],
  extended: ["Extended", "Six 1s score 5,000, a straight 2,000; three farkles in a row cost 1,000."],
  doubling: ["Doubling", "Each extra die of a kind doubles the set; small straights score too."],
  additive: ["Ten turns", "No target: ten turns each, the highest score wins. Singles and sets only."],
  minimal: ["Minimal", "1s, 5s and three of a kind only, as in the published analysis of best play."],
  zilch: ["Zilch", "300 to bank, 500 for a roll of six dice that scores nothing, three farkles cost 500."],
  original: ["The first farkle program", "Ten turns each; a straight (3,000) or three pairs (2,000) is set aside at once."],
};

/** A preset's name for people ("House rules" for none). */
export function presetLabel(name) {
  return name ? (PRESETS[name]?.[0] ?? name) : "House rules";
}

/** Each house rule: its label and a short explanation. */
export const KNOBS = {
  diceCount: ["Dice", "How many dice a turn starts with (1 to 12)."],
  singleOne: ["A single 1", "Points for each 1 kept on its own."],
  singleFive: ["A single 5", "Points for each 5 kept on its own."],
  tripleOnes: ["Three 1s", "Points for three 1s."],
  tripleFaceMultiplier: ["Three of a kind (2 to 6)", "Three 4s score 4 times this, three 6s 6 times."],
  kindScaling: ["Four or more of a kind", "What each die beyond three of a kind adds."],
  fourOfAKind: ["Four of a kind", "Points, when four or more of a kind score fixed points."],
  fiveOfAKind: ["Five of a kind", "Points, when four or more of a kind score fixed points."],
  sixOfAKind: ["Six of a kind", "Points, when four or more of a kind score fixed points."],
  sixOnes: ["Six 1s", "Points for six 1s; 0 scores them like any six of a kind."],
  straight: ["Straight 1 to 6", "Points for 1 2 3 4 5 6; 0: no such combination."],
  straightLow: ["Small straight 1 to 5", "Points for 1 2 3 4 5; 0: none."],
  straightHigh: ["Small straight 2 to 6", "Points for 2 3 4 5 6; 0: none."],
  threePairs: ["Three pairs", "Points for three different pairs; 0: none."],
  threePairsWithFourOfAKind: ["Four of a kind and a pair as three pairs", "They may also score as three pairs."],
  fourOfAKindAndPair: ["Four of a kind with a pair", "Points for the six dice together; 0: none."],
  twoTriplets: ["Two triples", "Points for two sets of three; 0: they score as two sets."],
  fullHouseBonus: ["Full house bonus", "Added to three of a kind kept with a pair; 0: none."],
  noScoreSet: ["Nothing on every die", "Points for a roll of all the dice in which nothing scores; 0: a farkle."],
  minEntryScore: ["Points to get on the board", "A player's first bank must be at least this in one turn."],
  minBankScore: ["Least bank", "A turn needs at least this many points to be banked."],
  targetScore: ["Target score", "The score that wins; 0: no target (play a number of turns)."],
  finalRound: ["Last round", "Once someone reaches the target, everyone else has one more turn."],
  turnLimit: ["Turns each", "The game ends after this many turns each; 0: no limit."],
  farklePenaltyStreak: ["Farkles in a row for a penalty", "0: no penalty."],
  farklePenaltyPoints: ["Penalty", "Points a penalty costs."],
  farklePenaltyLosesAll: ["Penalty takes the whole score", "Instead of the points above."],
  hotDice: ["Hot dice", "When every die scores, the player may roll all of them again."],
  threePairsOfOneFace: ["Six of a kind as three pairs", "Six of one face may also score as three pairs."],
  twoTripletsOfOneFace: ["Six of a kind as two triples", "Six of one face may also score as two triples."],
  singlesOnlyBeforeEntry: ["Only 1s and 5s before getting on the board", "Sets and straights do not count until then."],
  hotDiceMultiplierStep: ["Hot dice raise the stakes", "Each hot dice multiplies the rest of the turn by this much more; 0: no."],
  exactTarget: ["Hit the target exactly", "What a bank that goes past the target does."],
  piggybacking: ["Piggyback", "A turn may start by taking over the last banked turn's points and dice."],
  autoTakeStraightAndThreePairs: ["Straights and three pairs taken at once", "Rolled, they are set aside for the player."],
};

/** The choices of the house rules that are not numbers or switches. */
export const CHOICES = {
  kindScaling: {
    multiply: "each extra die adds the set's value again",
    double: "each extra die doubles it",
    fixed: "fixed points (below)",
    triple_only: "nothing: only sets of three",
  },
  exactTarget: {
    off: "no need: reaching it is enough",
    refuse: "going past is not allowed: roll on",
    bust: "going past scores nothing for the turn",
  },
};

/** A house rule's label: the page's, or the package's description for a rule it does not know. */
export function knobLabel(name, describe) {
  return KNOBS[name]?.[0] ?? describe(name);
}

/**
 * The combinations the rules score, from the package's scorer: [{ what, dice, points }] in
 * the order a player learns them. Each candidate is a set of dice; those the rules do not
 * score (not valid, or worth nothing), or that need more dice than the game has, are left
 * out. Sets of four or more are shown for 2s, where every scaling tells apart.
 */
export function scoringChart(rules) {
  const n = rules.diceCount;
  const rows = [];
  const add = (what, dice) => {
    if (dice.length > n) return;
    const score = rules.score(dice);
    if (score.valid && score.points > 0) rows.push({ what, dice, points: score.points });
  };
  add("A single 1", [1]);
  add("A single 5", [5]);
  for (let f = 1; f <= 6; f++) add(`Three ${f}s`, [f, f, f]);
  for (const [count, word] of [[4, "Four"], [5, "Five"], [6, "Six"]]) add(`${word} 2s`, Array(count).fill(2));
  if (rules.sixOnes) add("Six 1s", [1, 1, 1, 1, 1, 1]);
  add("Straight 1 to 6", [1, 2, 3, 4, 5, 6]);
  add("Small straight 1 to 5", [1, 2, 3, 4, 5]);
  add("Small straight 2 to 6", [2, 3, 4, 5, 6]);
  add("Three pairs", [2, 2, 3, 3, 4, 4]);
  if (rules.fourOfAKindAndPair) add("Four of a kind with a pair", [2, 2, 2, 2, 3, 3]);
  if (rules.twoTriplets) add("Two triples", [2, 2, 2, 3, 3, 3]);
  if (rules.fullHouseBonus) add("Three 2s with a pair", [2, 2, 2, 3, 3]);
  if (rules.noScoreSet && n === 6) rows.push({ what: "Nothing scores on six dice", dice: [2, 2, 3, 4, 6, 6], points: rules.noScoreSet });
  return rows;
}
