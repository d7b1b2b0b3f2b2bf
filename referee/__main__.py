from referee.cli import run

run()
