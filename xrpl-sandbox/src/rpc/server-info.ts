import { randomBytes } from 'node:crypto';
import { encodeNodePublic } from 'ripple-address-codec';
import { deriveKeypair, generateSeed } from 'ripple-keypairs';
import { hexToBytes } from '../protocol/hash.js';
import type { JsonObject } from '../protocol/json.js';
import { rippleTimeFromUnixMs, serverTimeText } from '../protocol/time.js';
import type { RpcContext, RpcHandler } from './context.js';

/** The rippled release whose API the sandbox mirrors. */
export const BUILD_VERSION = '2.4.0';
const LOAD_BASE = 256;
const DROPS_PER_XRP = 1_000_000;

/** A well-formed node public key (the sandbox never validates or peers). */
const NODE_PUBLIC_KEY = encodeNodePublic(
  hexToBytes(deriveKeypair(generateSeed({ entropy: new Uint8Array(16).fill(7), algorithm: 'ecdsa-secp256k1' })).publicKey),
);

function dropsToXrp(drops: bigint): number {
  return Number(drops) / DROPS_PER_XRP;
}

function common(ctx: RpcContext): JsonObject {
  const { node } = ctx;
  const uptime = Math.floor((Date.now() - node.startedAt) / 1000);
  const info: JsonObject = {
    build_version: BUILD_VERSION,
    complete_ledgers: node.chain.completeLedgers,
    hostid: 'XRPL-SANDBOX',
    initial_sync_duration_us: '0',
    io_latency_ms: 1,
    jq_trans_overflow: '0',
    last_close: { converge_time_s: 0, proposers: 0 },
    network_ledger: 'full',
    peer_disconnects: '0',
    peer_disconnects_resources: '0',
    peers: 0,
    ports: [],
    pubkey_node: NODE_PUBLIC_KEY,
    server_state: 'full',
    server_state_duration_us: String(uptime * 1_000_000),
    state_accounting: {
      full: { duration_us: String(uptime * 1_000_000), transitions: '1' },
    },
    time: serverTimeText(Date.now()),
    uptime,
    validation_quorum: 0,
  };
  if (node.networkId !== undefined) info.network_id = node.networkId;
  return info;
}

export const serverInfo: RpcHandler = (ctx) => {
  const { chain } = ctx.node;
  const latest = chain.latestClosed;
  const info = common(ctx);
  info.load_factor = 1;
  info.validated_ledger = {
    age: Math.max(0, rippleTimeFromUnixMs(Date.now()) - latest.closeTime),
    base_fee_xrp: dropsToXrp(chain.fees.base),
    hash: latest.ledgerHash,
    reserve_base_xrp: dropsToXrp(chain.fees.reserve),
    reserve_inc_xrp: dropsToXrp(chain.fees.increment),
    seq: latest.ledgerIndex,
  };
  return { info };
};

export const serverState: RpcHandler = (ctx) => {
  const { chain } = ctx.node;
  const latest = chain.latestClosed;
  const state = common(ctx);
  state.load_base = LOAD_BASE;
  state.load_factor = LOAD_BASE;
  state.load_factor_fee_escalation = LOAD_BASE;
  state.load_factor_fee_queue = LOAD_BASE;
  state.load_factor_fee_reference = LOAD_BASE;
  state.load_factor_server = LOAD_BASE;
  state.validated_ledger = {
    base_fee: Number(chain.fees.base),
    close_time: latest.closeTime,
    hash: latest.ledgerHash,
    reserve_base: Number(chain.fees.reserve),
    reserve_inc: Number(chain.fees.increment),
    seq: latest.ledgerIndex,
  };
  return { state };
};

export const fee: RpcHandler = (ctx) => {
  const { chain } = ctx.node;
  const base = chain.fees.base.toString();
  return {
    current_ledger_size: String(chain.openTxCount),
    current_queue_size: '0',
    drops: { base_fee: base, median_fee: '5000', minimum_fee: base, open_ledger_fee: base },
    expected_ledger_size: '1000',
    ledger_current_index: chain.openLedgerSeq,
    levels: {
      median_level: '128000',
      minimum_level: String(LOAD_BASE),
      open_ledger_level: String(LOAD_BASE),
      reference_level: String(LOAD_BASE),
    },
    max_queue_size: '20000',
  };
};

export const ping: RpcHandler = () => ({});

export const random: RpcHandler = () => ({ random: randomBytes(32).toString('hex').toUpperCase() });
