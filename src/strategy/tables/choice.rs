// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! Which of a roll's choices is the best play, the same for every table size: the highest
//! chance for the mover, then more points, then fewer dice kept (so that equal chances give
//! the same answer however the choices were listed).

/// The best of `choices` by `key`: (the mover's chance, points, dice kept). The first of
/// equals wins. `None` when there is none (a farkle).
pub(crate) fn best_of<C>(choices: Vec<C>, key: impl Fn(&C) -> (f64, i32, usize)) -> Option<C> {
    let mut best: Option<(C, (f64, i32, usize))> = None;
    for choice in choices {
        let k = key(&choice);
        let better = best.as_ref().is_none_or(|(_, b)| {
            k.0 > b.0 || (k.0 == b.0 && (k.1 > b.1 || (k.1 == b.1 && k.2 < b.2)))
        });
        if better {
            best = Some((choice, k));
        }
    }
    best.map(|(choice, _)| choice)
}

#[cfg(test)]
mod tests {
    use super::best_of;

    #[test]
    fn chance_then_points_then_fewer_dice_and_the_first_of_equals() {
        let key = |c: &(f64, i32, usize, char)| (c.0, c.1, c.2);
        assert_eq!(best_of(Vec::new(), key), None);
        let pick = |v: &[(f64, i32, usize, char)]| best_of(v.to_vec(), key).unwrap().3;
        assert_eq!(pick(&[(0.4, 500, 3, 'a'), (0.5, 50, 1, 'b')]), 'b');
        assert_eq!(pick(&[(0.5, 100, 1, 'a'), (0.5, 150, 2, 'b')]), 'b');
        assert_eq!(pick(&[(0.5, 150, 2, 'a'), (0.5, 150, 1, 'b')]), 'b');
        assert_eq!(pick(&[(0.5, 150, 1, 'a'), (0.5, 150, 1, 'b')]), 'a');
    }
}
