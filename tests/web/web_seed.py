"""The fixed server seed of the browser tests' seeded server (PUNTOBANCO_TEST_SERVER_SEED).

With it a test knows every card of its shoe in advance from the core (Shoe + FairSource).
For tests only: a seed known in advance is never provably fair.
"""

from __future__ import annotations

import hashlib

TEST_SERVER_SEED = hashlib.sha256(b"puntobanco web test shoe").digest()
