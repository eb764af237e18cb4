/**
 * The practical limit of this machine for our read queries: node:http, the database driver with
 * prepared statements, JSON.stringify — no framework, no sessions, no permission checks. It runs
 * the same SQL as the server's deliveries list (platform/list.ts + deliveries-shape.ts: one page,
 * the count, and the page's vendors for expand=vendor), the vendor ledger and the dashboard, and
 * answers /api/health. The ledger's and the dashboard's SQL is the server's own: its repository
 * functions run once per URL against a driver that only records what they would send
 * (`captured.ts`), and the recorded statements are replayed here with the raw driver. It also
 * answers POST …/deliveries and …/payments with the server's write statements (`writes.ts`).
 *
 *   BASELINE_DB=sqlite DATA_DIR=… PORT=… node --import tsx bench/baseline/server.ts
 *   BASELINE_DB=pg DATABASE_URL=… PORT=… …
 */
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { dashboardStatements, ledgerStatements, type Statement } from './captured.js';
import {
  createDelivery,
  createPayment,
  pgWriter,
  Refusal,
  sqliteWriter,
  type DeliveryBody,
  type PaymentBody,
} from './writes.js';

type Row = Record<string, unknown>;
interface Query {
  all(sql: string, params: unknown[]): Promise<Row[]>;
  /** A statement in the driver's own placeholder syntax, as the server's dialect compiled it. */
  native(statement: Statement): Promise<Row[]>;
}

function sqlite(dataDir: string): Query {
  const db = new Database(path.join(dataDir, 'siteledger.db'), { readonly: true });
  db.pragma('journal_mode = WAL');
  const cache = new Map<string, Database.Statement>();
  return {
    all: (sql, params) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        cache.set(sql, statement);
      }
      return Promise.resolve(statement.all(...params) as Row[]);
    },
    native(statement) {
      return this.all(statement.sql, [...statement.parameters]);
    },
  };
}

function postgres(url: string): Query {
  const client = new pg.Pool({ connectionString: url, max: 10 });
  let n = 0;
  const names = new Map<string, string>();
  return {
    all: async (sql, params) => {
      let name = names.get(sql);
      if (!name) {
        name = `q${n++}`;
        names.set(sql, name);
      }
      let i = 0;
      const text = sql.replace(/\?/g, () => `$${++i}`);
      return (await client.query({ name, text, values: params })).rows as Row[];
    },
    native: async (statement) => {
      let name = names.get(statement.sql);
      if (!name) {
        name = `q${n++}`;
        names.set(statement.sql, name);
      }
      const values = [...statement.parameters];
      return (await client.query({ name, text: statement.sql, values })).rows as Row[];
    },
  };
}

const dialect = process.env.BASELINE_DB === 'pg' ? 'pg' : 'sqlite';
const writer =
  dialect === 'pg'
    ? pgWriter(process.env.DATABASE_URL ?? '')
    : sqliteWriter(process.env.DATA_DIR ?? './data');
const db =
  dialect === 'pg'
    ? postgres(process.env.DATABASE_URL ?? '')
    : sqlite(process.env.DATA_DIR ?? './data');

async function deliveries(url: URL, siteId: string) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('perPage') ?? 30);
  const where = ['site_id = ?'];
  const params: unknown[] = [siteId];
  const vendor = url.searchParams.get('vendor');
  if (vendor) {
    where.push('vendor = ?');
    params.push(vendor);
  }
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (from) {
    where.push('delivery_date >= ?');
    params.push(from);
  }
  if (to) {
    where.push('delivery_date <= ?');
    params.push(to);
  }
  const clause = where.join(' and ');
  const [rows, total] = await Promise.all([
    db.all(
      `select * from deliveries where ${clause} order by delivery_date desc, id desc limit ? offset ?`,
      [...params, perPage, (page - 1) * perPage],
    ),
    db.all(`select count(*) as n from deliveries where ${clause}`, params),
  ]);
  const vendorIds = [...new Set(rows.map((r) => r.vendor as string))];
  const vendorRows = vendorIds.length
    ? await db.all(
        `select * from vendors where site_id = ? and id in (${vendorIds.map(() => '?').join(',')})`,
        [siteId, ...vendorIds],
      )
    : [];
  const byId = new Map(vendorRows.map((v) => [v.id, v]));
  const totalItems = Number(total[0]?.n ?? 0);
  return {
    page,
    perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / perPage),
    items: rows.map((r) => ({ ...r, expand: { vendor: byId.get(r.vendor) } })),
  };
}

/** The statements of one URL, recorded on its first request (dates as of that day). */
const recorded = new Map<string, Promise<Statement[]>>();

async function replay(key: string, record: () => Promise<Statement[]>) {
  let statements = recorded.get(key);
  if (!statements) recorded.set(key, (statements = record()));
  const results = await Promise.all((await statements).map((s) => db.native(s)));
  return { results };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const send = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  if (url.pathname === '/api/health') return send(200, { status: 'ok' });
  const match = /^\/api\/sites\/([^/]+)\/deliveries$/.exec(url.pathname);
  if (match) {
    deliveries(url, match[1]!).then(
      (body) => send(200, body),
      (error: unknown) => send(500, { error: String(error) }),
    );
    return;
  }
  const answer = (work: Promise<unknown>) =>
    work.then(
      (body) => send(200, body),
      (error: unknown) => send(500, { error: String(error) }),
    );
  const ledger = /^\/api\/sites\/([^/]+)\/vendors\/([^/]+)\/ledger$/.exec(url.pathname);
  if (ledger) {
    const perPage = Number(url.searchParams.get('perPage') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    return void answer(
      replay(`${url.pathname}?${perPage}/${page}`, () =>
        ledgerStatements(dialect, ledger[1]!, ledger[2]!, perPage, page),
      ),
    );
  }
  const dashboard = /^\/api\/sites\/([^/]+)\/dashboard$/.exec(url.pathname);
  if (dashboard) {
    return void answer(replay(url.pathname, () => dashboardStatements(dialect, dashboard[1]!)));
  }
  // The writes (writes.ts): the JSON body, the user from `x-user-id`, 201 like the server.
  const write = /^\/api\/sites\/([^/]+)\/(deliveries|payments)$/.exec(url.pathname);
  if (write && req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const userId = String(req.headers['x-user-id'] ?? '');
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      const work =
        write[2] === 'deliveries'
          ? createDelivery(writer, write[1]!, userId, body as DeliveryBody)
          : createPayment(writer, write[1]!, userId, body as PaymentBody);
      work.then(
        (row) => send(201, row),
        (error: unknown) =>
          error instanceof Refusal
            ? send(error.status, { error: error.message })
            : (console.error(error), send(500, { error: String(error) })),
      );
    });
    return;
  }
  send(404, { error: 'not found' });
});
server.listen(Number(process.env.PORT ?? 8090), '127.0.0.1', () => {
  console.log('baseline listening');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
