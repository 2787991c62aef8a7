"""Rule tests written to kill mutants that survived ``mutmut run`` on the rule core (issue 5.4).

Each test proves one rule clause of ../shared/RULES.md; see docs/verification.md, "Mutation score".
"""
