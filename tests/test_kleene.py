from tvla.logic.kleene import FALSE, HALF, TRUE, join, k_and, k_iff, k_implies, k_not, k_or, show

V = (FALSE, HALF, TRUE)


def test_tables_follow_kleene():
    # Table 3 of the ISSTA paper
    assert [[k_and(a, b) for b in V] for a in V] == [[0, 0, 0], [0, HALF, HALF], [0, HALF, TRUE]]
    assert [[k_or(a, b) for b in V] for a in V] == [[0, HALF, TRUE], [HALF, HALF, TRUE], [TRUE] * 3]
    assert [k_not(a) for a in V] == [TRUE, HALF, FALSE]
    assert k_implies(TRUE, FALSE) == FALSE and k_implies(HALF, TRUE) == TRUE
    assert k_iff(TRUE, TRUE) == TRUE and k_iff(TRUE, FALSE) == FALSE and k_iff(HALF, HALF) == HALF


def test_information_join_and_printing():
    assert join(TRUE, TRUE) == TRUE and join(FALSE, TRUE) == HALF and join(HALF, FALSE) == HALF
    assert [show(v) for v in V] == ["0", "1/2", "1"]
