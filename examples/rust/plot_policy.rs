// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Plots optimal two-player play as SVG, in the spirit of the published figures of optimal
//! Pig play:
//!
//! ```sh
//! cargo run --release --example plot_policy -- --rules minimal --table minimal.fwt --out docs
//! ```
//!
//! - `<out>/<rules>-policy.svg`: for a few numbers of dice left, the turn total at which the
//!   optimal player stops (banks), against its own banked score, one line per opponent score;
//! - `<out>/<rules>-win.svg`: P(win) at the start of a turn against the player's banked score,
//!   one line per opponent score.
//!
//! Without `--table` the table is solved first (about 20 s for minimal to 10,000).

use std::path::PathBuf;

use farkle::strategy::{PlayerState, SolveOptions, TwoPlayerTable};
use farkle::Preset;
use plotters::prelude::*;

const OPPONENTS: [i32; 5] = [0, 2500, 5000, 7500, 9500];
const COLORS: [RGBColor; 5] = [
    RGBColor(0x1b, 0x9e, 0x77),
    RGBColor(0xd9, 0x5f, 0x02),
    RGBColor(0x75, 0x70, 0xb3),
    RGBColor(0xe7, 0x29, 0x8a),
    RGBColor(0x66, 0x66, 0x66),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut preset = Preset::Minimal;
    let mut table_path: Option<PathBuf> = None;
    let mut out = PathBuf::from("docs");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--rules" => preset = Preset::from_name(&value).ok_or("unknown preset")?,
            "--table" => table_path = Some(PathBuf::from(value)),
            "--out" => out = PathBuf::from(value),
            _ => return Err(format!("unknown argument {arg}").into()),
        }
    }
    let table = match table_path {
        Some(path) => TwoPlayerTable::load(&path)?,
        None => {
            let mut rules = preset.rules();
            rules.turn_limit = 0;
            rules.target_score = 10_000;
            TwoPlayerTable::solve(&rules, SolveOptions::default(), &mut |f| {
                eprint!("\rsolving: {:5.1}%", 100.0 * f);
                true
            })?
        }
    };
    eprintln!();
    let rules = *table.rules();
    let name = preset.name();
    let target = rules.target_score;
    let step = 100;
    let player = |score: i32| PlayerState {
        score,
        on_board: score > 0 || rules.min_entry_score == 0,
        farkles: 0,
    };
    std::fs::create_dir_all(&out)?;

    // Stop totals by dice left, my score and the opponent's.
    let dice_shown: Vec<u8> = [1u8, 2, 3, 4, 5]
        .into_iter()
        .filter(|&d| d <= rules.dice_count)
        .collect();
    let mut lines: Vec<Vec<Vec<(i32, i32)>>> = vec![vec![Vec::new(); OPPONENTS.len()]; 5];
    for (oi, &opp) in OPPONENTS.iter().enumerate() {
        for me in (0..target).step_by(step) {
            let stops = table.stop_totals(&player(me), &player(opp))?;
            for (di, &d) in dice_shown.iter().enumerate() {
                if let Some(t) = stops[usize::from(d) - 1] {
                    // Capped at what is left to win: banking there ends the game.
                    lines[di][oi].push((me, t.min(target - me)));
                }
            }
        }
    }
    let path = out.join(format!("{name}-policy.svg"));
    let root = SVGBackend::new(&path, (1000, 620)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!("Optimal two-player {name} Farkle to {target}: when to stop"),
        ("sans-serif", 22),
    )?;
    let panels = root.split_evenly((2, 3));
    for (di, &d) in dice_shown.iter().enumerate() {
        let mut chart = ChartBuilder::on(&panels[di])
            .caption(
                format!("{d} {} left", if d == 1 { "die" } else { "dice" }),
                ("sans-serif", 16),
            )
            .margin(8)
            .x_label_area_size(30)
            .y_label_area_size(44)
            .build_cartesian_2d(0..target, 0..4000)?;
        chart
            .configure_mesh()
            .x_labels(5)
            .y_labels(5)
            .x_desc("my banked score")
            .y_desc("stop at turn total")
            .draw()?;
        for (oi, series) in lines[di].iter().enumerate() {
            chart
                .draw_series(LineSeries::new(
                    series.iter().copied(),
                    COLORS[oi].stroke_width(2),
                ))?
                .label(format!("opponent {}", OPPONENTS[oi]))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], COLORS[oi].stroke_width(2))
                });
        }
        if di == 0 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .label_font(("sans-serif", 11))
                .draw()?;
        }
    }
    root.present()?;
    println!("wrote {}", path.display());

    // P(win) at the start of a turn.
    let path = out.join(format!("{name}-win.svg"));
    let root = SVGBackend::new(&path, (720, 440)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("P(win) at the start of a turn, optimal {name} Farkle to {target}"),
            ("sans-serif", 18),
        )
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(0..target, 0.0..1.0)?;
    chart
        .configure_mesh()
        .x_desc("my banked score")
        .y_desc("P(win)")
        .draw()?;
    for (oi, &opp) in OPPONENTS.iter().enumerate() {
        let points: Vec<(i32, f64)> = (0..target)
            .step_by(50)
            .map(|me| {
                let p = table.start_of_turn(&player(me), &player(opp))?;
                Ok((me, p))
            })
            .collect::<Result<_, farkle::strategy::StrategyError>>()?;
        chart
            .draw_series(LineSeries::new(points, COLORS[oi].stroke_width(2)))?
            .label(format!("opponent {opp}"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], COLORS[oi].stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    println!("wrote {}", path.display());
    Ok(())
}
