// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! A card search stopped and continued (`farkle::strategy::cards::resume_search`): a search
//! stopped at a reported state, its state written as text and read back, and continued,
//! ends at the card the search run through ends at; cards and search states as text, every
//! family written by hand; malformed text refused with an error.

use farkle::strategy::cards::{
    evaluate_card, improve_from, improve_from_reporting, resume_search, Banking, Card, Family,
    Keep, SearchEvent, SearchOptions, SearchState, Situational, MAX_CARD_POINTS, MAX_CARD_TEXT,
    MAX_SEARCH_STATE_TEXT,
};
use farkle::strategy::{SolveOptions, StrategyError, TwoPlayerTable, WinTable};
use farkle::{Preset, Rules};

/// Three dice, a target of 500, two players: a search of every family in well under a
/// second.
fn small_table() -> WinTable {
    let rules = Rules {
        dice_count: 3,
        target_score: 500,
        min_entry_score: 0,
        ..Preset::Minimal.rules()
    };
    TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |_| true)
        .unwrap()
        .into()
}

/// The search run through, with every state it reported.
fn run_through(table: &WinTable, options: &SearchOptions) -> (Card, Vec<SearchState>) {
    let mut states = Vec::new();
    let card = improve_from_reporting(
        table,
        Family::Situational,
        None,
        options,
        &mut |_| true,
        &mut |s| {
            states.push(s.clone());
            true
        },
    )
    .unwrap();
    (card, states)
}

/// A state through its text and back.
fn through_text(state: &SearchState) -> SearchState {
    let back = SearchState::from_json(&state.to_json()).unwrap();
    assert_eq!(&back, state);
    back
}

#[test]
fn a_stopped_search_continues_to_the_same_card() {
    let table = small_table();
    let options = SearchOptions::for_table(&table);
    let (card, states) = run_through(&table, &options);
    // The search without reports ends at the same card.
    let plain = improve_from(&table, Family::Situational, None, &options, &mut |_| true).unwrap();
    assert_eq!(plain, card);

    // What was reported, against what the words say: each family starts, its chance never
    // falls, it ends at its best; the last state is the final card with its exact chance.
    let families: Vec<Family> = states.iter().map(|s| s.family).collect();
    assert_eq!(families.first(), Some(&Family::Total));
    assert!(families.windows(2).all(|w| w[0] <= w[1]));
    for family in [Family::Total, Family::PerDice, Family::Situational] {
        let of: Vec<&SearchState> = states.iter().filter(|s| s.family == family).collect();
        assert_eq!(of.first().unwrap().event, SearchEvent::Started);
        assert_eq!(of.last().unwrap().event, SearchEvent::Finished);
        assert!(of.windows(2).all(|w| w[1].chance >= w[0].chance));
        assert!(of.iter().all(|s| s.goal == Family::Situational));
        assert!(of.iter().all(|s| Family::of(&s.card) == family));
    }
    let last = states.last().unwrap();
    assert_eq!(last.card, card);
    assert_eq!(last.step, 50, "ends at the table's unit");
    let value = evaluate_card(&table, &card, &mut |_| true).unwrap();
    assert!((last.chance - value.chance()).abs() < 1e-12);
    assert!(states.iter().any(|s| s.event == SearchEvent::Moved));
    assert!(states.iter().any(|s| s.event == SearchEvent::Stepped));
    assert!(states
        .windows(2)
        .all(|w| w[1].evaluations >= w[0].evaluations));

    // Stopped by its report at the first move of each family and at the first change of
    // step, written as text, read back and continued: the same card.
    let stops: Vec<&SearchState> = [
        states
            .iter()
            .find(|s| s.family == Family::Total && s.event == SearchEvent::Moved),
        states
            .iter()
            .find(|s| s.family == Family::PerDice && s.event == SearchEvent::Moved),
        states
            .iter()
            .find(|s| s.family == Family::Situational && s.event == SearchEvent::Moved),
        states.iter().find(|s| s.event == SearchEvent::Stepped),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(stops.len() >= 3, "moves in most families: {stops:?}");
    for stop in stops {
        let mut saved: Option<SearchState> = None;
        let stopped = improve_from_reporting(
            &table,
            Family::Situational,
            None,
            &options,
            &mut |_| true,
            &mut |s| {
                if s == stop {
                    saved = Some(s.clone());
                    false
                } else {
                    true
                }
            },
        );
        assert_eq!(stopped, Err(StrategyError::Cancelled));
        let saved = through_text(&saved.expect("the stop reported"));
        let mut after = Vec::new();
        let resumed = resume_search(&table, &saved, &options, &mut |_| true, &mut |s| {
            after.push(s.clone());
            true
        })
        .unwrap();
        assert_eq!(resumed, card, "resumed from {saved:?}");
        // It goes on as the search run through did: the same moves after the stop.
        let moves = |v: &[SearchState]| -> Vec<(Family, Card)> {
            v.iter()
                .filter(|s| s.event == SearchEvent::Moved)
                .map(|s| (s.family, s.card.clone()))
                .collect()
        };
        let at = states.iter().position(|s| s == stop).unwrap();
        assert_eq!(moves(&after), moves(&states[at + 1..]));
        assert!(after[0].evaluations >= saved.evaluations);
    }
}

#[test]
fn a_search_over_its_bound_continues_from_its_last_report() {
    let table = small_table();
    let options = SearchOptions::for_table(&table);
    let (card, states) = run_through(&table, &options);
    // Each family's search may make this many evaluations before it is refused: the
    // search stops early, and continues from its last state written under the usual bound.
    let tight = SearchOptions {
        max_evaluations: 20,
        ..options.clone()
    };
    let mut last: Option<SearchState> = None;
    let stopped = improve_from_reporting(
        &table,
        Family::Situational,
        None,
        &tight,
        &mut |_| true,
        &mut |s| {
            last = Some(s.clone());
            true
        },
    );
    assert!(
        matches!(stopped, Err(StrategyError::ResourceLimit(_))),
        "{} evaluations",
        states.last().unwrap().evaluations
    );
    let state = through_text(last.as_ref().expect("a state before the bound"));
    assert!(state.evaluations <= 3 * 20);
    let resumed = resume_search(&table, &state, &options, &mut |_| true, &mut |_| true);
    assert_eq!(resumed, Ok(card));
}

/// A move that pays is repeated in the same sweep while it pays. From a threshold of 50 (the
/// same card as 0: every scoring roll makes 50) at a step of one unit, the one-threshold
/// search climbs to its best threshold T in its first sweep: one move reported, and three
/// evaluations more than the steps from 50 to T (50 and 0, then every 50 up to T, then
/// T + 50, which does not pay); the second sweep needs none (T - 50 and T + 50 are known).
/// T is a local best, checked by evaluating its neighbours afresh.
#[test]
fn a_move_that_pays_is_repeated_in_its_sweep() {
    let table = small_table();
    let options = SearchOptions {
        step: 50,
        keeps: false,
        ..SearchOptions::for_table(&table)
    };
    let mut states = Vec::new();
    let card = improve_from_reporting(
        &table,
        Family::Total,
        Some(Card::bank_at(50)),
        &options,
        &mut |_| true,
        &mut |s| {
            states.push(s.clone());
            true
        },
    )
    .unwrap();
    let Banking::Total(t) = card.bank else {
        panic!("a one-threshold card")
    };
    assert!(t >= 150, "the threshold climbed more than one step: {t}");
    let events: Vec<SearchEvent> = states.iter().map(|s| s.event).collect();
    assert_eq!(
        events,
        [
            SearchEvent::Started,
            SearchEvent::Moved,
            SearchEvent::Finished
        ]
    );
    assert_eq!(states[1].card, card);
    assert_eq!(states[2].evaluations, (t as usize - 50) / 50 + 3);
    let chance = |t: u32| {
        evaluate_card(&table, &Card::bank_at(t), &mut |_| true)
            .unwrap()
            .chance()
    };
    let best = chance(t);
    assert!((states[2].chance - best).abs() < 1e-12);
    assert!(chance(t + 50) <= best + 1e-12);
    assert!(chance(t - 50) < best);
    // Every repeat on the way paid: the chance rises with each step from 50 to T.
    let climb: Vec<f64> = (1..=t / 50).map(|k| chance(50 * k)).collect();
    assert!(climb.windows(2).all(|w| w[1] > w[0] + 1e-12), "{climb:?}");
}

#[test]
fn cards_read_as_written_by_hand() {
    let cases: Vec<(&str, Card)> = vec![
        (r#"{"bank":{"total":350},"keep":"all"}"#, Card::bank_at(350)),
        (
            r#"{"bank":{"per_dice":[300,250,450,null,null,null]},"keep":{"single":{"reroll":4}}}"#,
            Card {
                bank: Banking::PerDice(vec![Some(300), Some(250), Some(450), None, None, None]),
                keep: Keep::Single { reroll: 4 },
            },
        ),
        (
            r#"{"bank":{"situational":{"band":1000,"endgame":2000,"rows":[
                [300,null,450],[0,250,null],[350,350,350],[null,null,100]]}},
               "keep":"rate"}"#,
            Card {
                bank: Banking::Situational(Situational {
                    band: 1000,
                    endgame: 2000,
                    rows: [
                        vec![Some(300), None, Some(450)],
                        vec![Some(0), Some(250), None],
                        vec![Some(350); 3],
                        vec![None, None, Some(100)],
                    ],
                }),
                keep: Keep::Rate,
            },
        ),
    ];
    for (text, card) in cases {
        assert_eq!(Card::from_json(text).as_ref(), Ok(&card), "{text}");
        assert_eq!(Card::from_json(&card.to_json()), Ok(card.clone()));
    }
    // Every folk card of six dice and every keep rule, through the text and back.
    for (_, card) in Card::folk(6) {
        for keep in Keep::family(6) {
            let card = Card {
                keep,
                ..card.clone()
            };
            assert_eq!(Card::from_json(&card.to_json()), Ok(card));
        }
    }
}

#[test]
fn malformed_text_is_refused() {
    let bad_cards = [
        "",
        "{",
        "null",
        r#"{"bank":{"total":350}}"#,
        r#"{"bank":{"total":-1},"keep":"all"}"#,
        r#"{"bank":{"total":350.5},"keep":"all"}"#,
        r#"{"bank":{"total":350},"keep":"most"}"#,
        r#"{"bank":{"total":350},"keep":"all","extra":1}"#,
        r#"{"bank":{"sum":350},"keep":"all"}"#,
        r#"{"bank":{"per_dice":[]},"keep":"all"}"#,
        r#"{"bank":{"per_dice":[1,1,1,1,1,1,1,1,1,1,1,1,1]},"keep":"all"}"#,
        r#"{"bank":{"per_dice":[300,"never"]},"keep":"all"}"#,
        r#"{"bank":{"situational":{"band":1,"endgame":2,"rows":[[1],[1],[1]]}},"keep":"all"}"#,
        r#"{"bank":{"situational":{"band":1,"endgame":2,"rows":[[1],[1],[1],[1,2]]}},"keep":"all"}"#,
        r#"{"bank":{"per_dice":[300,300]},"keep":{"single":{"reroll":2}}}"#,
        r#"{"bank":{"per_dice":[300,300]},"keep":{"single":{"reroll":0}}}"#,
        r#"{"bank":{"per_dice":[300,300]},"keep":{"single":{"reroll":300}}}"#,
    ];
    for text in bad_cards {
        assert!(
            matches!(Card::from_json(text), Err(StrategyError::OutOfRange(_))),
            "{text}"
        );
    }
    let too_high = format!(
        r#"{{"bank":{{"total":{}}},"keep":"all"}}"#,
        MAX_CARD_POINTS + 1
    );
    assert!(Card::from_json(&too_high).is_err());
    let long = format!(
        r#"{{"bank":{{"total":350}},"keep":"all"}}{}"#,
        " ".repeat(MAX_CARD_TEXT)
    );
    assert!(Card::from_json(&long).is_err());
    assert!(Card::from_json(long.trim_end()).is_ok());

    // A good state, then each of its fields broken.
    let table = small_table();
    let options = SearchOptions::for_table(&table);
    let mut good: Option<SearchState> = None;
    let _ = improve_from_reporting(
        &table,
        Family::PerDice,
        None,
        &options,
        &mut |_| true,
        &mut |s| {
            good = Some(s.clone());
            s.family != Family::PerDice
        },
    );
    let good = good.unwrap();
    assert_eq!(good.family, Family::PerDice);
    let text = good.to_json();
    assert_eq!(SearchState::from_json(&text).as_ref(), Ok(&good));
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        f(&mut v);
        v.to_string()
    };
    let bad_states = [
        text[..text.len() / 2].to_owned(),
        broken(&|v| v["family"] = "situational".into()),
        broken(&|v| v["goal"] = "total".into()),
        broken(&|v| v["family"] = "six".into()),
        broken(&|v| v["step"] = 0.into()),
        broken(&|v| v["step"] = (-50).into()),
        broken(&|v| v["coordinate"] = 1000.into()),
        broken(&|v| v["players"] = 4.into()),
        broken(&|v| v["chance"] = "high".into()),
        broken(&|v| v["card"]["bank"]["per_dice"] = serde_json::json!([300, 300])),
        broken(&|v| v["rules"]["dice_count"] = 0.into()),
        broken(&|v| v["event"] = "paused".into()),
        broken(&|v| {
            v.as_object_mut().unwrap().remove("card");
        }),
        broken(&|v| v["extra"] = 1.into()),
        format!("{text}{}", " ".repeat(MAX_SEARCH_STATE_TEXT)),
    ];
    for text in &bad_states {
        assert!(
            matches!(
                SearchState::from_json(text),
                Err(StrategyError::OutOfRange(_) | StrategyError::Rules(_))
            ),
            "{text}"
        );
    }
    // A state of other rules than the table's, or a step off the table's unit: refused.
    let other = Rules {
        target_score: 600,
        ..good.rules
    };
    let state = SearchState {
        rules: other,
        ..good.clone()
    };
    assert!(matches!(
        resume_search(&table, &state, &options, &mut |_| true, &mut |_| true),
        Err(StrategyError::OutOfRange(_))
    ));
    let state = SearchState {
        step: 75,
        ..good.clone()
    };
    assert!(matches!(
        resume_search(&table, &state, &options, &mut |_| true, &mut |_| true),
        Err(StrategyError::OutOfRange(_))
    ));
}

/// The unfinished searches kept in `docs/searches/` (docs/strategy.md, "Searches under way")
/// read back as search states, each of the rules preset its name says, and the docs give each
/// file's chance to 0.01 percentage points, so a state and its figure move together.
#[test]
fn the_searches_kept_in_the_docs_read_back() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("docs/strategy.md")).unwrap();
    let mut count = 0;
    for entry in std::fs::read_dir(root.join("docs/searches")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(
            name.ends_with(".json"),
            "{name}: only search states belong here"
        );
        let state = SearchState::from_json(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let preset = name.split('-').next().unwrap();
        let rules = Rules {
            target_score: state.rules.target_score,
            turn_limit: 0,
            ..Preset::from_name(preset).unwrap().rules()
        };
        assert_eq!(state.rules, rules, "{name}: the rules of {preset}");
        let players = format!("-{}p-", state.players);
        assert!(name.contains(&players), "{name}: {} players", state.players);
        let line = docs
            .lines()
            .skip_while(|l| !l.contains(&format!("`{name}`")))
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        let chance = format!("{:.2}%", 100.0 * state.chance);
        assert!(
            line.contains(&chance),
            "{name}: docs/strategy.md gives {chance}"
        );
        count += 1;
    }
    assert!(count > 0, "docs/searches/ holds no search");
}
