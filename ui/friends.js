// This phone's keys for games played across phones, and the cryptography
// game/friends/crypto.py asks for, with WebCrypto.
//
// The phone has two P-256 key pairs: ECDSA (SHA-256) to sign its moves and
// ECDH to seal cards to it. The private keys are made non-extractable and
// kept in IndexedDB ("tp-friends", store "keys"), so no script can read
// them out, only use them. window.tpFriends.answer(kind, args) answers one
// request: args are Uint8Arrays, the answer a Uint8Array, a boolean, or
// null for a blob that does not open. A sealed blob is a 12-byte nonce then
// the AES-256-GCM ciphertext; sealing keys come from ECDH and HKDF-SHA-256.
"use strict";

(function () {
  const DB = "tp-friends";
  const STORE = "keys";
  const INFO = new TextEncoder().encode("hand-knee-foot seal v1");
  const P256 = { name: "ECDSA", namedCurve: "P-256" };
  const DH = { name: "ECDH", namedCurve: "P-256" };
  let mine = null;  // a promise of {sign, seal, signPublic, sealPublic}

  function store(mode, work) {
    return new Promise((resolve, reject) => {
      const open = indexedDB.open(DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => { open.result.close(); resolve(req.result); };
        tx.onerror = () => { open.result.close(); reject(tx.error); };
      };
    });
  }

  async function raw(key) {
    return new Uint8Array(await crypto.subtle.exportKey("raw", key));
  }

  async function makeKeys() {
    const sign = await crypto.subtle.generateKey(P256, false, ["sign", "verify"]);
    const seal = await crypto.subtle.generateKey(DH, false, ["deriveBits"]);
    const keys = { sign: sign.privateKey, seal: seal.privateKey,
                   signPublic: await raw(sign.publicKey), sealPublic: await raw(seal.publicKey) };
    await store("readwrite", (s) => s.put(keys, "phone"));
    return keys;
  }

  function keys() {
    if (!mine) {
      mine = store("readonly", (s) => s.get("phone"))
        .then((found) => found || makeKeys())
        .catch((e) => { mine = null; throw e; });
    }
    return mine;
  }

  async function aesFrom(peer) {
    const pub = await crypto.subtle.importKey("raw", peer, DH, false, []);
    const bits = await crypto.subtle.deriveBits({ name: "ECDH", public: pub }, (await keys()).seal, 256);
    const base = await crypto.subtle.importKey("raw", bits, "HKDF", false, ["deriveKey"]);
    return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: INFO },
                                   base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  }

  async function aesRaw(key) {
    return crypto.subtle.importKey("raw", key, "AES-GCM", false, ["encrypt", "decrypt"]);
  }

  async function lock(key, aad, plain) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const body = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad }, key, plain));
    const out = new Uint8Array(12 + body.length);
    out.set(iv);
    out.set(body, 12);
    return out;
  }

  async function unlock(key, aad, blob) {
    if (blob.length < 28) return null;
    try {
      return new Uint8Array(await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: blob.slice(0, 12), additionalData: aad }, key, blob.slice(12)));
    } catch (e) {
      return null;
    }
  }

  const ANSWERS = {
    async keys() {
      const k = await keys();
      return [k.signPublic, k.sealPublic];
    },
    async sign(message) {
      return new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, (await keys()).sign, message));
    },
    async verify(pub, message, signature) {
      try {
        const key = await crypto.subtle.importKey("raw", pub, P256, false, ["verify"]);
        return await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, signature, message);
      } catch (e) {
        return false;
      }
    },
    async seal(peer, aad, plain) { return lock(await aesFrom(peer), aad, plain); },
    async unseal(peer, aad, blob) {
      try { return await unlock(await aesFrom(peer), aad, blob); } catch (e) { return null; }
    },
    async lock(key, aad, plain) { return lock(await aesRaw(key), aad, plain); },
    async unlock(key, aad, blob) { return unlock(await aesRaw(key), aad, blob); },
  };

  let encoder = null;  // vendor/qrcode/qrcode.js (qrcode-generator), loaded for the first QR code

  function qrEncoder() {
    if (!encoder) {
      encoder = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = "./vendor/qrcode/qrcode.js";
        script.onload = () => resolve(window.qrcode);
        script.onerror = () => { encoder = null; reject(new Error("the QR encoder did not load")); };
        document.head.appendChild(script);
      });
    }
    return encoder;
  }

  window.tpFriends = {
    answer(kind, args) { return ANSWERS[kind](...args); },
    // The QR code of ``text`` as the image of <img id=id> (error correction L).
    async qr(id, text) {
      const make = await qrEncoder();
      const code = make(0, "L");
      code.addData(text);
      code.make();
      const img = document.getElementById(id);
      if (img) img.src = code.createDataURL(4, 16);  // 4 pixels a module, a quiet zone of 4 modules
    },
  };
})();
