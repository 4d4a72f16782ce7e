"""``python -m companion``: the command line (companion.cli). Ctrl-C while its modules are still
being imported ends it as quietly as Ctrl-C later: exit 130, no traceback."""

try:
    from companion.cli import main
except KeyboardInterrupt:
    raise SystemExit(130) from None

raise SystemExit(main())
