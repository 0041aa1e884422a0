"""The engine's cryptography requests (game/friends/crypto.py) answered by the page.

Each request goes to ui/friends.js through the page (``friends_answer``),
which answers with WebCrypto and this phone's keys; the protocol's
generator gets each answer in turn. The page's keys are made on the first
request that needs them and kept in IndexedDB.
"""

from game.friends import crypto as K

KINDS = {K.Sign: "sign", K.Verify: "verify", K.Seal: "seal", K.Unseal: "unseal", K.Lock: "lock",
         K.Unlock: "unlock"}
REQUESTS = {kind: request for request, kind in KINDS.items()}


async def run(page, steps):
    """Drive ``steps`` (a game.friends generator) to its result."""
    try:
        request = next(steps)
        while True:
            answer = await page.friends_answer(KINDS[type(request)], list(request))
            request = steps.send(answer)
    except StopIteration as done:
        return done.value


async def phone_keys(page):
    """(signing key, sealing key) of this phone, uncompressed public keys."""
    sign, seal = await page.friends_answer("keys", [])
    return bytes(sign), bytes(seal)
