/*
 * Real drand rounds for the tests of the public value (docs/decisions/0027). There is no network in the tests:
 * every signature below was published by the drand network and is copied, with its round, from the public
 * repository named beside it.
 */

export interface RondaPublicada {
  ronda: number;
  /** The round's signature, as the relays serve it. */
  firma: string;
  /** What the relays served with it (SHA-256 of the signature), where the source has it. */
  randomness: string | null;
}

/** Rounds of drand's quicknet chain. */
export const QUICKNET_ROUNDS: readonly RondaPublicada[] = [
  // ChainSafe/forest, src/beacon/tests/fixtures/drand_quicknet.json (commit 80de5415d2f647bf926dd03f6309b50998a5389a):
  // the rounds 1, 2, 3 and four of mid-2026, with the chain's info.
  {
    ronda: 1,
    firma: 'b55e7cb2d5c613ee0b2e28d6750aabbb78c39dcc96bd9d38c2c2e12198df95571de8e8e402a0cc48871c7089a2b3af4b',
    randomness: '1466a6cd24e327188770752f6134001c64d6efcc590ccc26b721611ad96f165a',
  },
  {
    ronda: 2,
    firma: 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807',
    randomness: '5782d6987841c654515a0e72b2d1ebb4e741234042c37cb19608ae50d93fb60c',
  },
  {
    ronda: 3,
    firma: 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64',
    randomness: '7ef4621ace1c6da4eb2eee7cd901f81385bca5b189771ec0f08d0d2566dd1a21',
  },
  {
    ronda: 30662982,
    firma: '8b3edd0d42a2fa36ac15641a2dea2e4f4895acec2ef72ef39e5b6138f0346fb6b046dde1b4b3d09ff5fe8a6a7acd674a',
    randomness: 'ae76da5137c6d0a0d3b50d325948b26cc3ff1f804cd7bbca29b9250c2bfe8d67',
  },
  {
    ronda: 30662990,
    firma: '8b2ebe176d153849d5db7f358a3a21be96f8c5d1c26ed2b530fff4419face8909d77f4ee6a211623e2432c30841411b5',
    randomness: 'aac361dad26f7e5f5c2460fa905ed6d4e2bf8d21ccb67bbe5100204475b56742',
  },
  {
    ronda: 30663002,
    firma: 'b9e7e1e3d7d9cf17a9f4703abfae4c137acfbef1fdb45715a98422c244a499ea381c7fd759851ed8eeb8a03d778959b3',
    randomness: '2a231554933f6fd70314fa470152710fac3eba10d052cab996e8f30854fa7f55',
  },
  // noislabs/drand-verify, src/verify.rs: the G2PubkeyRfc doc example and the test
  // verify_works_for_g1g2_swapped_rfc ("https://api3.drand.sh/52db9b…/public/123"), signature only.
  {
    ronda: 123,
    firma: 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92',
    randomness: null,
  },
  // mcdcam/python-drand-verify, README.md (commit 301043267fe0349b6b71f7e6d8635979c2243077): verify_quicknet's
  // example, which returns this randomness.
  {
    ronda: 657413,
    firma: 'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
    randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
  },
];

/**
 * Signatures of other drand chains, real too. The default chain (pedersen-bls-chained, 30 s) signs on G2 with
 * 96-byte signatures: round 2 in ChainSafe/forest, src/beacon/signatures/tests.rs (mainnet signature_2). Fastnet
 * (bls-unchained-on-g1, retired) signs on G1 like quicknet, with another key and the G2 DST: round 1 in
 * noislabs/drand-verify, src/verify.rs ("https://api3.drand.sh/dbd506d6…/public/1").
 */
export const DEFAULT_CHAIN_ROUND_2 =
  'aa18facd2d51b616511d542de6f9af8a3b920121401dad1434ed1db4a565f10e04fad8d9b2b4e3e0094364374caafe9b10478bf75650124831509c638b5a36a7a232ec70289f8751a2adb47fc32eb70b57dc81c39d48cbcac9fec46cdfc31663';
export const FASTNET_ROUND_1 =
  '9544ddce2fdbe8688d6f5b4f98eed5d63eee3902e7e162050ac0f45905a55657714880adabe3c3096b92767d886567d0';

/** Round 123 (noislabs/drand-verify), the one the examples use. */
export const RONDA_123 = QUICKNET_ROUNDS.find((r) => r.ronda === 123)!;
