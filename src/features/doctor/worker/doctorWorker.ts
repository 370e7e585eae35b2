/** The model doctor, off the main thread: see doctorSession.ts. */
import { serveSpanSession } from '../../../objects/spans/spanWorker';
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

serveSpanSession<ToDoctor, FromDoctor>((post, readers) => new DoctorSession(post, readers));
