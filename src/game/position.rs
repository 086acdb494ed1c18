// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Starting a game from a given position instead of the usual start: each player's banked
//! score, whether they are on the board and their farkle streak, the player to move and the
//! round. For analysis ("9,500 to 9,000, my turn"), puzzles and tests, which could otherwise
//! reach such a position only by playing there.
//!
//! A position is checked against the rules before the game is made ([`PositionError`]): only
//! a position some game under those rules could be in at the start of a turn is accepted. One
//! choice is the engine's: a position where someone has already reached the target is refused,
//! final round or not. Without a final round such a game is already over; with one, who
//! triggered it and who has had their last turn would have to be part of the position, which
//! it does not describe. Such positions are one bank away from a position it does describe.

use thiserror::Error;

use crate::game::{Game, GameError, MAX_PLAYERS};
use crate::rules::Rules;

/// The largest banked score a position may give a player, in either direction: 2^31 - 1, so
/// that every score of a position fits a signed 32-bit integer.
pub const MAX_POSITION_SCORE: i64 = i32::MAX as i64;

/// One player's part of a [`GamePosition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlayerPosition {
    /// Banked game score. Below 0 only under rules with a farkle penalty that takes points
    /// (not one that takes the whole score).
    pub score: i64,
    /// Whether the player has banked once (met the minimum entry score). A player not on the
    /// board under rules with a minimum entry score has banked nothing: the score is 0, or
    /// below 0 after penalties.
    pub on_board: bool,
    /// Farkles in a row since the last bank or penalty: below the rules' penalty streak, and
    /// 0 under rules without a farkle penalty.
    pub consecutive_farkles: u32,
}

/// Where a game starts: at the start of the turn of `player_to_move`, in `round`, every player
/// active, with the dice in hand the full set.
///
/// The turns each player has finished follow from the round and the player to move, as in a
/// game played from the start: `round - 1` for the players from the player to move on, `round`
/// for those before them. The whole-game tallies of [`Player`](crate::Player) (farkles, hot
/// dice, best turn, forfeited points, penalties taken) count from the position, so start at 0,
/// but for `banked_points` and `penalty_points`, which keep `score = banked_points -
/// penalty_points`: a positive score counts as banked, a negative one as taken by penalties.
///
/// ```
/// use farkle::{DiceSource, Game, GamePosition, Phase, PlayerPosition, Preset};
///
/// let at = |score| PlayerPosition { score, on_board: true, consecutive_farkles: 0 };
/// let position = GamePosition { players: vec![at(9_500), at(9_000)], player_to_move: 0, round: 12 };
/// let game = Game::new_at(Preset::Classic.rules(), &position, DiceSource::Supplied).unwrap();
/// assert_eq!((game.current_player(), game.round(), game.phase()), (0, 12, Phase::AwaitingRoll));
/// assert_eq!(game.players()[1].score, 9_000);
/// assert_eq!(game.start_position(), Some(&position));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GamePosition {
    /// One entry per player, in seat order (1 to [`MAX_PLAYERS`] of them).
    pub players: Vec<PlayerPosition>,
    /// Whose turn starts the game (an index into `players`).
    pub player_to_move: usize,
    /// The round of that turn, from 1; at most the rules' turn limit when they have one.
    pub round: u32,
}

/// Why a position was refused ([`GameError::Position`]); the player count has its own error,
/// [`GameError::PlayerCount`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The player to move is not one of the players.
    #[error("player_to_move is {index}; the position has {count} players")]
    PlayerToMove {
        /// The index given.
        index: usize,
        /// Players in the position.
        count: usize,
    },
    /// Rounds count from 1.
    #[error("round 0; rounds count from 1")]
    RoundZero,
    /// The round is past the rules' turn limit: every player would have finished.
    #[error("round {round} is past the rules' turn limit of {turn_limit}")]
    PastTurnLimit {
        /// The round given.
        round: u32,
        /// The rules' turn limit.
        turn_limit: u32,
    },
    /// A score beyond [`MAX_POSITION_SCORE`] either way.
    #[error("player {player} has a score of {score}; a position's scores are within {MAX_POSITION_SCORE} of 0")]
    ScoreOutOfRange {
        /// The player's index.
        player: usize,
        /// The score given.
        score: i64,
    },
    /// A negative score under rules without a farkle penalty that takes points (none, or one
    /// that takes the whole score and so stops at 0).
    #[error("player {player} has a score of {score}; only a farkle penalty that takes points makes a score negative, and the rules have none")]
    NegativeScore {
        /// The player's index.
        player: usize,
        /// The score given.
        score: i64,
    },
    /// A score at or above the target: the game would be over, or in its final round.
    #[error("player {player} has a score of {score}, at or above the target of {target}; a position starts before anyone reaches it")]
    AtTarget {
        /// The player's index.
        player: usize,
        /// The score given.
        score: i64,
        /// The rules' target score.
        target: i64,
    },
    /// Points banked by a player who is not on the board, under a minimum entry score.
    #[error("player {player} has a score of {score} but is not on the board; under a minimum entry score only a player on the board has banked points")]
    NotOnBoard {
        /// The player's index.
        player: usize,
        /// The score given.
        score: i64,
    },
    /// A farkle streak the rules would already have penalised (or any streak without a
    /// penalty).
    #[error("player {player} has {streak} farkles in a row; the rules allow fewer than {limit} at the start of a turn")]
    FarkleStreak {
        /// The player's index.
        player: usize,
        /// The streak given.
        streak: u32,
        /// The smallest streak refused: the rules' penalty streak, or 1 without a penalty.
        limit: u32,
    },
    /// Not one name (or none) per player of the position.
    #[error("{names} names for the {players} players of the position")]
    NameCount {
        /// Names given.
        names: usize,
        /// Players in the position.
        players: usize,
    },
}

impl GamePosition {
    /// The usual start of a game of `players` players: every score 0, nobody on the board,
    /// player 0 to move in round 1.
    pub fn start(players: usize) -> GamePosition {
        GamePosition {
            players: vec![PlayerPosition::default(); players],
            player_to_move: 0,
            round: 1,
        }
    }

    /// Why `rules` refuse this position, or `Ok` (the rules themselves are not checked here).
    pub fn check(&self, rules: &Rules) -> Result<(), GameError> {
        let count = self.players.len();
        if count == 0 || count > MAX_PLAYERS {
            return Err(GameError::PlayerCount(count));
        }
        if self.player_to_move >= count {
            return Err(PositionError::PlayerToMove {
                index: self.player_to_move,
                count,
            }
            .into());
        }
        if self.round == 0 {
            return Err(PositionError::RoundZero.into());
        }
        if rules.turn_limit > 0 && self.round > rules.turn_limit {
            return Err(PositionError::PastTurnLimit {
                round: self.round,
                turn_limit: rules.turn_limit,
            }
            .into());
        }
        for (player, p) in self.players.iter().enumerate() {
            check_player(rules, player, p)?;
        }
        Ok(())
    }
}

fn check_player(rules: &Rules, player: usize, p: &PlayerPosition) -> Result<(), PositionError> {
    let score = p.score;
    let penalty_streak = u32::from(rules.farkle_penalty_streak);
    if score.unsigned_abs() > MAX_POSITION_SCORE.unsigned_abs() {
        return Err(PositionError::ScoreOutOfRange { player, score });
    }
    if score < 0 && (penalty_streak == 0 || rules.farkle_penalty_loses_all) {
        return Err(PositionError::NegativeScore { player, score });
    }
    let target = i64::from(rules.target_score);
    if target > 0 && score >= target {
        return Err(PositionError::AtTarget {
            player,
            score,
            target,
        });
    }
    if !p.on_board && rules.min_entry_score > 0 && score > 0 {
        return Err(PositionError::NotOnBoard { player, score });
    }
    let limit = penalty_streak.max(1);
    if p.consecutive_farkles >= limit {
        return Err(PositionError::FarkleStreak {
            player,
            streak: p.consecutive_farkles,
            limit,
        });
    }
    Ok(())
}

impl Game {
    /// A game of unnamed players that starts at `position` (see [`GamePosition`]): at the
    /// start of the turn of its player to move, awaiting a roll. Refused with
    /// [`GameError::PlayerCount`], [`GameError::Rules`] or [`GameError::Position`] saying why.
    pub fn new_at(
        rules: Rules,
        position: &GamePosition,
        dice: crate::DiceSource,
    ) -> Result<Game, GameError> {
        Game::with_names_at(rules, vec![None; position.players.len()], position, dice)
    }

    /// As [`Game::new_at`], with one name (or none) per player of the position.
    pub fn with_names_at(
        rules: Rules,
        names: Vec<Option<String>>,
        position: &GamePosition,
        dice: crate::DiceSource,
    ) -> Result<Game, GameError> {
        if names.len() != position.players.len() {
            return Err(PositionError::NameCount {
                names: names.len(),
                players: position.players.len(),
            }
            .into());
        }
        Game::build(rules, names, Some(position), dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::dice_source::DiceSource;
    use crate::game::history::Event;
    use crate::game::Phase;
    use crate::rules::Preset;

    fn on(score: i64) -> PlayerPosition {
        PlayerPosition {
            score,
            on_board: true,
            consecutive_farkles: 0,
        }
    }

    /// Ann 9,500 and Bob 9,000, Ann to move in round 12.
    fn near_the_end() -> GamePosition {
        GamePosition {
            players: vec![on(9_500), on(9_000)],
            player_to_move: 0,
            round: 12,
        }
    }

    fn classic_at(position: &GamePosition) -> Game {
        Game::new_at(Preset::Classic.rules(), position, DiceSource::Supplied).unwrap()
    }

    #[test]
    fn the_game_starts_at_the_movers_turn() {
        let game = classic_at(&near_the_end());
        assert_eq!(game.phase(), Phase::AwaitingRoll);
        assert_eq!((game.current_player(), game.round()), (0, 12));
        assert_eq!(game.turn().hand, 6);
        let scores: Vec<i64> = game.players().iter().map(|p| p.score).collect();
        assert_eq!(scores, [9_500, 9_000]);
        // Round 12 with Ann to move: each has finished 11 turns.
        assert!(game.players().iter().all(|p| p.turns == 11 && p.on_board));
        assert_eq!(
            game.events(),
            [Event::TurnStarted {
                player: 0,
                round: 12
            }]
        );
        assert_eq!(game.final_round_player(), None);
    }

    #[test]
    fn reaching_the_target_from_the_position_starts_the_final_round() {
        let mut game = classic_at(&near_the_end());
        // Classic: three 1s are 1000, so Ann banks 9,500 + 1,000 = 10,500, past the target of
        // 10,000; with the final round, Bob gets one more turn.
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        assert_eq!(game.select(&[0, 1, 2]), Ok(1000));
        assert_eq!(game.bank(), Ok(1000));
        assert_eq!(game.players()[0].score, 10_500);
        assert_eq!(game.final_round_player(), Some(0));
        assert_eq!(
            game.events()[game.events().len() - 3..],
            [
                Event::Banked {
                    player: 0,
                    points: 1000,
                    score: 10_500
                },
                Event::FinalRound { player: 0 },
                Event::TurnStarted {
                    player: 1,
                    round: 12
                },
            ]
        );
        // Bob: 2-3-4-5-6-1 is a straight, 1,500, and hot dice; then a 1 for 100. 9,000 +
        // 1,600 = 10,600 beats 10,500, and the final round is over: Bob alone wins.
        game.roll_with(&[2, 3, 4, 5, 6, 1]).unwrap();
        assert_eq!(game.select_mask(0b11_1111), Ok(1500));
        assert_eq!(game.turn().hand, 6);
        game.roll_with(&[1, 2, 2, 3, 3, 4]).unwrap();
        assert_eq!(game.select(&[0]), Ok(100));
        assert_eq!(game.bank(), Ok(1600));
        assert_eq!(game.players()[1].score, 10_600);
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(game.winners(), Some(0b10));
    }

    #[test]
    fn without_a_final_round_reaching_the_target_ends_the_game() {
        // Extended has no final round: Ann's 9,500 + 1,000 ends the game at once.
        let mut game = Game::new_at(
            Preset::Extended.rules(),
            &near_the_end(),
            DiceSource::Supplied,
        )
        .unwrap();
        game.roll_with(&[1, 1, 1, 2, 3, 4]).unwrap();
        game.select(&[0, 1, 2]).unwrap();
        game.bank().unwrap();
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(game.winners(), Some(0b01));
    }

    #[test]
    fn a_streak_in_the_position_meets_the_penalty() {
        // Extended: 3 farkles in a row cost 1,000. Bob starts with 2 and 300 points; one more
        // farkle leaves 300 - 1,000 = -700 and the streak back at 0.
        let position = GamePosition {
            players: vec![
                on(0),
                PlayerPosition {
                    score: 300,
                    on_board: true,
                    consecutive_farkles: 2,
                },
            ],
            player_to_move: 1,
            round: 4,
        };
        let mut game =
            Game::new_at(Preset::Extended.rules(), &position, DiceSource::Supplied).unwrap();
        // Round 4 with Bob (the second player) to move: Ann has finished 4 turns, Bob 3.
        assert_eq!(game.players()[0].turns, 4);
        assert_eq!(game.players()[1].turns, 3);
        game.roll_with(&[2, 2, 3, 3, 4, 6]).unwrap();
        assert_eq!(game.phase(), Phase::Farkled);
        let bob = &game.players()[1];
        assert_eq!(
            (bob.score, bob.consecutive_farkles, bob.penalties),
            (-700, 0, 1)
        );
        assert_eq!(bob.score, bob.banked_points - bob.penalty_points);
        game.acknowledge_farkle().unwrap();
        // Play passes the end of the list: round 5, Ann to move.
        assert_eq!((game.current_player(), game.round()), (0, 5));
    }

    #[test]
    fn the_turn_limit_counts_from_the_round() {
        // Additive: 10 turns each, no target. Round 10 with Bob to move: Ann has played her
        // 10 turns, so Bob's turn is the game's last.
        let position = GamePosition {
            players: vec![on(4_000), on(3_000)],
            player_to_move: 1,
            round: 10,
        };
        let rules = Preset::Additive.rules();
        let mut game = Game::new_at(rules, &position, DiceSource::Supplied).unwrap();
        game.roll_with(&[5, 2, 3, 4, 6, 6]).unwrap();
        game.select(&[0]).unwrap();
        game.bank().unwrap();
        assert_eq!(game.phase(), Phase::GameOver);
        assert_eq!(game.players()[1].score, 3_050);
        assert_eq!(game.winners(), Some(0b01));
        let past = GamePosition {
            round: 11,
            ..position
        };
        assert_eq!(
            Game::new_at(rules, &past, DiceSource::Supplied).unwrap_err(),
            PositionError::PastTurnLimit {
                round: 11,
                turn_limit: 10
            }
            .into()
        );
    }

    #[test]
    fn invalid_positions_are_refused_with_their_reason() {
        let classic = Preset::Classic.rules();
        let extended = Preset::Extended.rules();
        let good = near_the_end();
        let with = |player: usize, p: PlayerPosition| {
            let mut position = near_the_end();
            position.players[player] = p;
            position
        };
        let cases: Vec<(Rules, GamePosition, GameError)> = vec![
            (
                classic,
                GamePosition {
                    players: vec![],
                    ..good.clone()
                },
                GameError::PlayerCount(0),
            ),
            (
                classic,
                GamePosition {
                    players: vec![on(0); 65],
                    ..good.clone()
                },
                GameError::PlayerCount(65),
            ),
            (
                classic,
                GamePosition {
                    player_to_move: 2,
                    ..good.clone()
                },
                PositionError::PlayerToMove { index: 2, count: 2 }.into(),
            ),
            (
                classic,
                GamePosition {
                    round: 0,
                    ..good.clone()
                },
                PositionError::RoundZero.into(),
            ),
            (
                classic,
                with(1, on(10_000)),
                PositionError::AtTarget {
                    player: 1,
                    score: 10_000,
                    target: 10_000,
                }
                .into(),
            ),
            (
                classic,
                with(1, on(-50)),
                PositionError::NegativeScore {
                    player: 1,
                    score: -50,
                }
                .into(),
            ),
            (
                // A penalty that takes the whole score stops at 0.
                Rules {
                    farkle_penalty_loses_all: true,
                    ..extended
                },
                with(1, on(-50)),
                PositionError::NegativeScore {
                    player: 1,
                    score: -50,
                }
                .into(),
            ),
            (
                extended,
                with(0, on(-MAX_POSITION_SCORE - 1)),
                PositionError::ScoreOutOfRange {
                    player: 0,
                    score: -MAX_POSITION_SCORE - 1,
                }
                .into(),
            ),
            (
                classic,
                with(
                    0,
                    PlayerPosition {
                        on_board: false,
                        ..on(450)
                    },
                ),
                PositionError::NotOnBoard {
                    player: 0,
                    score: 450,
                }
                .into(),
            ),
            (
                extended,
                with(
                    1,
                    PlayerPosition {
                        consecutive_farkles: 3,
                        ..on(100)
                    },
                ),
                PositionError::FarkleStreak {
                    player: 1,
                    streak: 3,
                    limit: 3,
                }
                .into(),
            ),
            (
                classic,
                with(
                    1,
                    PlayerPosition {
                        consecutive_farkles: 1,
                        ..on(100)
                    },
                ),
                PositionError::FarkleStreak {
                    player: 1,
                    streak: 1,
                    limit: 1,
                }
                .into(),
            ),
        ];
        for (rules, position, error) in cases {
            assert_eq!(
                Game::new_at(rules, &position, DiceSource::Supplied).unwrap_err(),
                error,
                "{position:?}"
            );
        }
        // The reasons are said in words.
        let message = GameError::from(PositionError::AtTarget {
            player: 1,
            score: 10_000,
            target: 10_000,
        })
        .to_string();
        assert!(
            message.contains("at or above the target of 10000"),
            "{message}"
        );
        assert_eq!(
            Game::with_names_at(classic, vec![None], &good, DiceSource::Supplied).unwrap_err(),
            PositionError::NameCount {
                names: 1,
                players: 2
            }
            .into()
        );
        // Invalid rules are refused as before.
        let bad = Rules {
            dice_count: 0,
            ..classic
        };
        assert!(matches!(
            Game::new_at(bad, &good, DiceSource::Supplied),
            Err(GameError::Rules(_))
        ));
    }

    #[test]
    fn what_the_rules_allow_is_accepted() {
        // Off the board with 0 under a minimum entry; negative scores and a streak below the
        // penalty's under a penalty; any score below the target, on the board or not, without
        // a minimum entry (Extended has none).
        let off = PlayerPosition::default();
        let below = PlayerPosition {
            score: -2_000,
            on_board: false,
            consecutive_farkles: 2,
        };
        let not_on_board = PlayerPosition {
            score: 700,
            on_board: false,
            consecutive_farkles: 0,
        };
        for (rules, players) in [
            (Preset::Classic.rules(), vec![off, on(9_999)]),
            (Preset::Extended.rules(), vec![below, not_on_board]),
        ] {
            let position = GamePosition {
                players,
                player_to_move: 1,
                round: 1,
            };
            let game = Game::new_at(rules, &position, DiceSource::Seeded { seed: 1 }).unwrap();
            assert_eq!(game.start_position(), Some(&position));
        }
    }

    #[test]
    fn the_usual_start_as_a_position_is_the_usual_game() {
        let rules = Preset::Classic.rules();
        let source = DiceSource::Seeded { seed: 5 };
        let at = Game::new_at(rules, &GamePosition::start(3), source).unwrap();
        assert_eq!(at, Game::new(rules, 3, source).unwrap());
        assert_eq!(at.start_position(), None);
    }
}
