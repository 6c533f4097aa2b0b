import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric columns come back from pg as strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: Int8;
  prepare_position: Int8;
  events_applied: Int8;
  updated_at: Timestamp;
}

export interface OrderBookTable {
  order_id: string;
  owner_id: string;
  side: 'buy' | 'sell';
  amount: number;
  price: Numeric;
  project_type: string;
  vintage: number;
  status: string;
  placed_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  user_id: string;
  email: string;
  name: string;
  roles: string[];
  registered_at: Timestamp;
}

/** Every read-model table, as Kysely sees it. Projections write them; query handlers read them. */
export interface ReadModelDatabase {
  projection_checkpoints: ProjectionCheckpointsTable;
  order_book: OrderBookTable;
  users: UsersTable;
}
