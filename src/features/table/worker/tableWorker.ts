/** The property table, off the main thread: see tableSession.ts. */
import { serveSpanSession } from '../../../objects/spans/spanWorker';
import type { FromTable, ToTable } from './tableMessages';
import { TableSession } from './tableSession';

serveSpanSession<ToTable, FromTable>((post, readers) => new TableSession(post, readers));
