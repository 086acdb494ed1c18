// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Test vectors of other public Farkle projects that only the house-rule knobs can express:
//! six dice of one face read as two triplets or as three pairs
//! (`two_triplets_of_one_face`, `three_pairs_of_one_face`), and only singles scoring until a
//! player is on the board (`singles_only_before_entry`).
//!
//! Each peer is a rules value built from its point values; each vector is a fact taken from
//! the peer's tests (the dice and the peer's score), and the expected value here is derived
//! by hand from the peer's rules in the comment beside it.

use farkle::{FaceCounts, KindScaling, Preset, Rules, Scorer};

/// The points of a selection under `rules` (0 when it does not score as a whole).
fn points(rules: &Rules, dice: &[u8]) -> i32 {
    Scorer::new(rules)
        .expect("valid rules")
        .points_of_faces(dice)
        .expect("valid dice")
}

/// The most points any selection of a roll offers under `rules` (0: a farkle).
fn best_of_roll(rules: &Rules, roll: &[u8]) -> i32 {
    let counts = FaceCounts::from_faces(roll, roll.len()).expect("valid dice");
    let analysis = Scorer::new(rules)
        .expect("valid rules")
        .analyze(counts)
        .expect("a roll within the set");
    assert_eq!(analysis.is_farkle, analysis.max_points == 0, "{roll:?}");
    analysis.max_points
}

// ---------------------------------------------------------------------------------------
// mschmoyer/farkledice (tests/Unit/DiceScoringTest.php, scoring in farkleDiceScoring.php)
// ---------------------------------------------------------------------------------------

/// The peer's scoring: singles 100 and 50; three of a kind 100 x face, three 1s 1000; four,
/// five and six of a kind 2, 3 and 4 times the triple; straight 1000; three pairs 750 (four
/// of a kind and a pair, and six of one face, count as pairs too); two triplets 2500 (six of
/// one face counts as two triplets).
fn mschmoyer() -> Rules {
    Rules {
        straight: 1000,
        three_pairs: 750,
        three_pairs_with_four_of_a_kind: true,
        three_pairs_of_one_face: true,
        two_triplets_of_one_face: true,
        ..Preset::Classic.rules()
    }
}

#[test]
fn mschmoyer_six_of_one_face_scores_as_two_triplets() {
    let rules = mschmoyer();
    assert_eq!(rules.validate(), Ok(()));
    assert_eq!(rules.kind_scaling, KindScaling::Multiply);
    // (face, six of a kind = 100 x face x 4). With three pairs 750 and two triplets 2500 the
    // best reading is max(six of a kind, 750, 2500) = 2500 for every face but 1.
    for (face, six_of_a_kind) in [(2, 800), (3, 1200), (4, 1600), (5, 2000), (6, 2400)] {
        assert_eq!(points(&rules, &[face; 6]), 2500, "six {face}s");
        // Without the two knobs, six of a kind is all there is.
        let plain = Rules {
            three_pairs_of_one_face: false,
            two_triplets_of_one_face: false,
            ..rules
        };
        assert_eq!(points(&plain, &[face; 6]), six_of_a_kind, "six {face}s");
    }
    // Six 1s: 1000 x 4 = 4000 beats the two triplets' 2500, as the peer expects.
    assert_eq!(points(&rules, &[1; 6]), 4000);
}

// ---------------------------------------------------------------------------------------
// jamiehale/ruby-farkle (features/scoring_when_not_open.feature): a player who is "not
// open" (not yet on the board) scores single 1s and 5s only.
// ---------------------------------------------------------------------------------------

/// The peer's scoring once open: singles 100 and 50; three of a kind 100 x face, three 1s
/// 1000; each further die of the kind doubles it (four 1s 2000, five 2s 800, six 3s 2400);
/// straight 1500; three pairs ("triple-doubles") 1500, four of a kind and a pair and six of
/// one face included; two triplets ("double-triples") 2500, six of one face included. Before
/// opening, only the singles.
fn ruby_farkle() -> Rules {
    Rules {
        kind_scaling: KindScaling::Double,
        straight: 1500,
        three_pairs: 1500,
        three_pairs_with_four_of_a_kind: true,
        two_triplets: 2500,
        three_pairs_of_one_face: true,
        two_triplets_of_one_face: true,
        singles_only_before_entry: true,
        ..Preset::Classic.rules()
    }
}

#[test]
fn ruby_farkle_rules_are_valid_and_score_as_the_peer_once_open() {
    let open = ruby_farkle();
    assert_eq!(open.validate(), Ok(()));
    assert_eq!(open.before_entry_scoring().validate(), Ok(()));
    // Doubling: 1000, 2000, 4000, 8000 for three to six 1s.
    assert_eq!(points(&open, &[1; 4]), 2000);
    assert_eq!(points(&open, &[1; 5]), 4000);
    assert_eq!(points(&open, &[1; 6]), 8000);
}

#[test]
fn ruby_farkle_not_open_scores_singles() {
    let open = ruby_farkle();
    let not_open = open.before_entry_scoring();
    // (roll, die number from 1, its points): a 1 is 100 and a 5 is 50 before opening, as
    // after. "1": die 1, 100. "5": die 1, 50. "1,5": die 1, 100; die 2, 50.
    // "1,1,2,3,4,5": dice 1 and 2, 100 each; die 6, 50.
    let singles: [(&[u8], usize, i32); 7] = [
        (&[1], 1, 100),
        (&[5], 1, 50),
        (&[1, 5], 1, 100),
        (&[1, 5], 2, 50),
        (&[1, 1, 2, 3, 4, 5], 1, 100),
        (&[1, 1, 2, 3, 4, 5], 2, 100),
        (&[1, 1, 2, 3, 4, 5], 6, 50),
    ];
    for (roll, die, expected) in singles {
        let single = [roll[die - 1]];
        assert_eq!(points(&not_open, &single), expected, "{roll:?} die {die}");
        assert_eq!(points(&open, &single), expected, "{roll:?} die {die}");
    }
}

/// A selection the peer does not score as a combination before opening: its dice, what
/// they score before entry (only 1s and 5s, each 100 or 50) and what they score on the
/// board (the best reading under the open rules).
struct NotOpen {
    dice: &'static [u8],
    before: i32,
    on_board: i32,
}

/// The peer's "Do not score multiples, straights, triple-doubles, or double-triples" table:
/// each row a roll and a combination of its dice that must not be offered before opening.
const NOT_OFFERED: [NotOpen; 18] = [
    // Multiples.
    // "1,1,1" not 1000: three singles 3 x 100 = 300; open: three 1s 1000.
    NotOpen {
        dice: &[1, 1, 1],
        before: 300,
        on_board: 1000,
    },
    // "2,2,2" not 200: a 2 scores nothing alone; open: 2 x 100 = 200.
    NotOpen {
        dice: &[2, 2, 2],
        before: 0,
        on_board: 200,
    },
    // "3,3,3,4", dice 1-3, not 300: 0; open 300.
    NotOpen {
        dice: &[3, 3, 3],
        before: 0,
        on_board: 300,
    },
    // "5,4,4,3,4", dice 2, 3, 5 (the 4s), not 400: 0; open 400.
    NotOpen {
        dice: &[4, 4, 4],
        before: 0,
        on_board: 400,
    },
    // "6,5,4,5,4,5", dice 2, 4, 6 (the 5s), not 500: three singles 3 x 50 = 150; open 500.
    NotOpen {
        dice: &[5, 5, 5],
        before: 150,
        on_board: 500,
    },
    // "6,1,2,3,6,6", dice 1, 5, 6 (the 6s), not 600: 0; open 600.
    NotOpen {
        dice: &[6, 6, 6],
        before: 0,
        on_board: 600,
    },
    // "1,1,1,1" not 2000: four singles 400; open: 1000 doubled = 2000.
    NotOpen {
        dice: &[1, 1, 1, 1],
        before: 400,
        on_board: 2000,
    },
    // "2,2,2,2,2" not 800: 0; open: 200 doubled twice = 800.
    NotOpen {
        dice: &[2, 2, 2, 2, 2],
        before: 0,
        on_board: 800,
    },
    // "3,3,3,3,3,3" not 2400: 0; open: six of a kind 300 x 8 = 2400, three pairs 1500, two
    // triplets 2500: the best is 2500.
    NotOpen {
        dice: &[3, 3, 3, 3, 3, 3],
        before: 0,
        on_board: 2500,
    },
    // Straights.
    // "1,2,3,4,5,6" not 1500: the 2, 3, 4 and 6 score nothing, so the six dice do not;
    // open: 1500.
    NotOpen {
        dice: &[1, 2, 3, 4, 5, 6],
        before: 0,
        on_board: 1500,
    },
    // "4,3,6,5,1,2" not 1500: as above.
    NotOpen {
        dice: &[4, 3, 6, 5, 1, 2],
        before: 0,
        on_board: 1500,
    },
    // Triple-doubles (three pairs).
    // "1,1,2,2,3,3" not 1500: the 2s and 3s score nothing; open: three pairs 1500.
    NotOpen {
        dice: &[1, 1, 2, 2, 3, 3],
        before: 0,
        on_board: 1500,
    },
    // "1,3,2,1,3,2" not 1500: as above.
    NotOpen {
        dice: &[1, 3, 2, 1, 3, 2],
        before: 0,
        on_board: 1500,
    },
    // "1,1,1,1,2,2" not 1500: the 2s score nothing; open: the six dice only read as three
    // pairs (four 1s and a pair), 1500.
    NotOpen {
        dice: &[1, 1, 1, 1, 2, 2],
        before: 0,
        on_board: 1500,
    },
    // "2,2,2,2,2,2" not 1500: 0; open: max(200 x 8 = 1600, three pairs 1500, two triplets
    // 2500) = 2500.
    NotOpen {
        dice: &[2, 2, 2, 2, 2, 2],
        before: 0,
        on_board: 2500,
    },
    // Double-triples (two triplets).
    // "1,1,1,2,2,2" not 2500: the 2s score nothing; open: max(2500, 1000 + 200) = 2500.
    NotOpen {
        dice: &[1, 1, 1, 2, 2, 2],
        before: 0,
        on_board: 2500,
    },
    // "1,2,1,2,2,1" not 2500: as above.
    NotOpen {
        dice: &[1, 2, 1, 2, 2, 1],
        before: 0,
        on_board: 2500,
    },
    // "2,2,2,2,2,2" not 2500: 0; open: 2500 as above.
    NotOpen {
        dice: &[2, 2, 2, 2, 2, 2],
        before: 0,
        on_board: 2500,
    },
];

#[test]
fn ruby_farkle_not_open_offers_no_combination() {
    let open = ruby_farkle();
    let not_open = open.before_entry_scoring();
    for v in NOT_OFFERED {
        assert_eq!(
            points(&not_open, v.dice),
            v.before,
            "before entry {:?}",
            v.dice
        );
        assert_eq!(
            points(&open, v.dice),
            v.on_board,
            "on the board {:?}",
            v.dice
        );
        assert_ne!(v.before, v.on_board);
    }
}

#[test]
fn ruby_farkle_not_open_farkles() {
    let open = ruby_farkle();
    let not_open = open.before_entry_scoring();
    // (roll, best on the board). No 1 and no 5: a farkle before opening. Open, the triples
    // score 100 x face, doubled per extra die (four 2s 400, five 2s 800); six 2s 2500 (two
    // triplets of one face beat 1600 and 1500); 2-2-2-3-3-3 max(2500, 200 + 300) = 2500;
    // 2-2-3-3-4-4 three pairs 1500.
    let knob_farkles: [(&[u8], i32); 9] = [
        (&[2, 2, 2], 200),
        (&[3, 3, 3], 300),
        (&[4, 4, 4], 400),
        (&[6, 6, 6], 600),
        (&[2, 2, 2, 2], 400),
        (&[2, 2, 2, 2, 2], 800),
        (&[2, 2, 2, 2, 2, 2], 2500),
        (&[2, 2, 2, 3, 3, 3], 2500),
        (&[2, 2, 3, 3, 4, 4], 1500),
    ];
    for (roll, on_board) in knob_farkles {
        assert_eq!(best_of_roll(&not_open, roll), 0, "before entry {roll:?}");
        assert_eq!(best_of_roll(&open, roll), on_board, "on the board {roll:?}");
    }
    // Farkles either way: no 1, no 5, no three of a kind, no three pairs.
    for roll in [
        &[2][..],
        &[2, 3],
        &[3, 6, 4],
        &[6, 2, 3, 4, 4],
        &[2, 3, 4, 6, 4, 2],
    ] {
        assert_eq!(best_of_roll(&not_open, roll), 0, "before entry {roll:?}");
        assert_eq!(best_of_roll(&open, roll), 0, "on the board {roll:?}");
    }
}
