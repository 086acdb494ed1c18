// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors
//
// cpp_demo: libfarkle from C++11. Includes the C header as it is, holds the game in a
// std::unique_ptr with farkle_game_free as its deleter, and plays a short game with supplied
// dice: seed 004's examples 3 and 1 as the turns of Ann and Bob, one turn each under the
// additive preset (the original game's rules). Exits 0 and prints "cpp_demo: ok" when every
// result is the one worked out by hand from those rules.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "farkle.h"

namespace {

struct GameDeleter {
    void operator()(FarkleGame *game) const { farkle_game_free(game); }
};
using Game = std::unique_ptr<FarkleGame, GameDeleter>;

// Throws with the library's reason when a call is refused.
void check(FarkleStatus status, const FarkleGame *game, const char *what) {
    if (status != FARKLE_STATUS_OK) {
        throw std::runtime_error(std::string(what) + ": " + farkle_status_str(status) + " (" +
                                 farkle_game_last_error(game) + ")");
    }
}

void expect(bool condition, const char *what) {
    if (!condition) throw std::runtime_error(std::string("unexpected result: ") + what);
}

void roll(FarkleGame *game, std::vector<uint8_t> faces) {
    check(farkle_game_roll_dice(game, faces.data(), faces.size()), game, "roll");
}

void keep(FarkleGame *game, std::vector<size_t> indices) {
    check(farkle_game_select(game, indices.data(), indices.size()), game, "select");
}

FarkleGameState state(const FarkleGame *game) {
    FarkleGameState s;
    check(farkle_game_state(game, &s), game, "state");
    return s;
}

int64_t score(const FarkleGame *game, uint32_t player) {
    FarklePlayerState p;
    check(farkle_game_player(game, player, &p), game, "player");
    return p.score;
}

void play() {
    FarkleRules rules;
    if (farkle_rules_preset(FARKLE_PRESET_ADDITIVE, &rules) != FARKLE_STATUS_OK)
        throw std::runtime_error("no additive preset");
    rules.turn_limit = 1;

    const char *const names[] = {"Ann", "Bob"};
    FarkleGame *raw = nullptr;
    if (farkle_game_new_with(&rules, names, 2, FARKLE_DICE_SOURCE_SUPPLIED, 0, &raw) !=
        FARKLE_STATUS_OK)
        throw std::runtime_error("cannot create the game");
    Game game(raw);

    // Ann (example 3): 1 1 1 -> 1000; 1 5 5 -> 200, every die scored: hot dice;
    // 1 1 5 -> 250 from six fresh dice; she banks 1450.
    roll(game.get(), {1, 1, 1, 4, 6, 6});
    keep(game.get(), {0, 1, 2});
    roll(game.get(), {1, 5, 5});
    keep(game.get(), {0, 1, 2});
    FarkleGameState s = state(game.get());
    expect(s.turn_points == 1200 && s.dice_in_hand == 6 && s.turn_hot_dice == 1, "hot dice");
    roll(game.get(), {1, 1, 5, 3, 4, 4});
    keep(game.get(), {0, 1, 2});
    check(farkle_game_bank(game.get()), game.get(), "bank");
    expect(score(game.get(), 0) == 1450, "Ann banks 1450");

    // Bob (example 1): three 4s -> 400, then 2 2 3 scores nothing: a farkle loses the 400.
    roll(game.get(), {1, 2, 4, 4, 4, 5});
    keep(game.get(), {2, 3, 4});
    roll(game.get(), {2, 2, 3});
    s = state(game.get());
    expect(s.phase == FARKLE_GAME_PHASE_FARKLED && s.turn_forfeited_points == 400, "farkle");
    check(farkle_game_acknowledge_farkle(game.get()), game.get(), "acknowledge");

    // One turn each: the game is over and Ann has won.
    s = state(game.get());
    expect(s.phase == FARKLE_GAME_PHASE_GAME_OVER && s.winners == 1u, "Ann wins");
    expect(score(game.get(), 1) == 0, "Bob has 0");
    std::printf("Ann %lld, Bob %lld: Ann wins\n", static_cast<long long>(score(game.get(), 0)),
                static_cast<long long>(score(game.get(), 1)));

    // A refused action changes nothing and says why.
    expect(farkle_game_roll(game.get()) == FARKLE_STATUS_GAME_OVER, "no roll after the end");
}

}  // namespace

int main() {
    try {
        std::printf("libfarkle %s from C++\n", farkle_version_string());
        play();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "cpp_demo: %s\n", e.what());
        return 1;
    }
    std::printf("cpp_demo: ok\n");
    return 0;
}
