import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# Property tests are deterministic by default, so that a landing never depends on the
# luck of a draw; `HYPOTHESIS_PROFILE=explore pytest ...` draws fresh examples (and keeps
# what it finds in .hypothesis/) to look further.
settings.register_profile("default", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
