from referee.entry import run

run()
