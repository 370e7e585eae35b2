/**
 * The lookup form's state: the two ids, what a pasted link said about them, and the lookup it
 * starts. Only Enter and the form's buttons start one; typing or pasting never does.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  objectRoutePath,
  speckleRoutePath,
  type LookupMode,
  type ObjectLookup,
} from '../../routes/address';
import { activeServer } from '../../connection/activeServer';
import { useFieldFocus } from '../../shared/fieldFocus';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';
import { checkProjectId, lookupIdsProblem, namesModelsOrVersions } from '../../speckle/ids';
import {
  formatViewerResources,
  linkedObjectIds,
  parseSpeckleLink,
  parseViewerResources,
  type LinkTarget,
  type SpeckleLink,
} from '../../speckle/links/speckleLink';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';

export interface LinkNotes {
  /** A server the pasted link points to, when it is not the one selected. */
  server: string | null;
  message: string | null;
  /** Every object the link names, when it names more than one. */
  objectIds: readonly string[];
}

const NO_LINK: LinkNotes = { server: null, message: null, objectIds: [] };

/** What the fields hold when the form is drawn: the ids of the address shown. */
export type LookupFields = Pick<ObjectLookup, 'projectId' | 'objectId'>;

export function useLookupForm(fields: LookupFields | null) {
  const navigate = useNavigate();
  const store = useConnectionStore();
  const connections = useConnectionState();
  const { request } = useFieldFocus();
  const active = activeServer(connections);
  const [projectId, setProjectId] = useState(fields?.projectId ?? '');
  const [objectId, setObjectId] = useState(fields?.objectId ?? '');
  const [link, setLink] = useState<LinkNotes>(NO_LINK);
  const [problem, setProblem] = useState<string | null>(null);
  /** A link to a project, model or version typed in a field: the form's buttons open it. */
  const [projectLink, setProjectLink] = useState<SpeckleLink | null>(null);

  /** The server a link names, for its route's `?server=`; the selected one when it names none. */
  function routeServer(linkServer: string | null): string | null {
    return (
      otherServerOf(linkServer) ??
      (connections.servers.length > 1 && active.ok ? active.base : null)
    );
  }

  function openProjectLink(link: SpeckleLink, mode: LookupMode = 'children') {
    void navigate(speckleRoutePath(link.projectId, link.target, routeServer(link.base), mode), {
      state: LOOKUP_REQUEST,
    });
  }

  /** A server a link names, when it is not the selected one. */
  function otherServerOf(linkServer: string | null): string | null {
    return linkServer && (!active.ok || linkServer !== active.base) ? linkServer : null;
  }

  /**
   * A pasted (or typed) link fills both fields and says what it names; a link to a project, model
   * or version waits, as any id does, for Enter or a button (README: nothing is sent until then).
   */
  function changeField(value: string, set: (value: string) => void) {
    setProblem(null);
    setProjectLink(null);
    const parsed = parseSpeckleLink(value);
    if (!parsed) {
      set(value);
      return;
    }
    setProjectId(parsed.projectId);
    // The fields take the objects a link's path names. An embed link names its object in its
    // query, read by its route like the link's other forms (which moves to the object's viewer
    // address).
    const objectIds = parsed.form === 'embed' ? [] : linkedObjectIds(parsed.target);
    const [objectId] = objectIds;
    if (objectId === undefined) {
      setObjectId(objectFieldOf(parsed.target));
      setLink(NO_LINK);
      setProjectLink(parsed);
      return;
    }
    setObjectId(objectId);
    setLink({
      server: otherServerOf(parsed.base),
      message: parsed.lowercased
        ? 'The ids in the link had capital letters; Speckle ids are lowercase, so they were lowercased.'
        : null,
      objectIds: objectIds.length > 1 ? objectIds : [],
    });
  }

  function submit(mode: LookupMode) {
    const project = projectId.trim();
    const object = objectId.trim();
    if (projectLink) {
      openProjectLink(projectLink, mode);
      return;
    }
    if (
      namesModelsOrVersions(object) &&
      project !== '' &&
      checkProjectId(project).level !== 'error'
    ) {
      const target = { kind: 'resources', resources: parseViewerResources(object) } as const;
      void navigate(speckleRoutePath(project, target, routeServer(null), mode), {
        state: LOOKUP_REQUEST,
      });
      return;
    }
    const refused = lookupIdsProblem(project, object);
    if (refused) {
      setProblem(refused.message);
      request(refused.field);
      return;
    }
    setProjectId(project);
    setObjectId(object);
    const server = connections.servers.length > 1 && active.ok ? active.base : null;
    // The route's loader starts the request (objects/load/lookup.ts). Drawn at once rather than in a
    // transition: a transition put a frame or two between the click and the page that shows the
    // lookup's progress.
    void navigate(objectRoutePath({ projectId: project, objectId: object, mode, server }), {
      flushSync: true,
      state: LOOKUP_REQUEST,
    });
  }

  return {
    projectId,
    objectId,
    link,
    problem,
    /** A link named in a field that the form's buttons open, for the form to say so. */
    projectLink,
    /** The server a link in the fields names, when it is not the selected one. */
    projectLinkServer: projectLink ? otherServerOf(projectLink.base) : null,
    changeProjectId: (value: string) => changeField(value, setProjectId),
    changeObjectId: (value: string) => changeField(value, setObjectId),
    setProjectId,
    setObjectId,
    takeLinkServer() {
      if (link.server) store.selectOrAddByAddress(link.server);
      setLink({ ...link, server: null });
    },
    submit,
    /** Opens the link in the fields that names a project or model, with no object to get. */
    openLink() {
      if (projectLink) openProjectLink(projectLink);
    },
  };
}

/** What Object ID shows for a link to models or versions: its resources, as they would be typed. */
function objectFieldOf(target: LinkTarget): string {
  if (target.kind !== 'resources') return '';
  const text = formatViewerResources(target.resources);
  return namesModelsOrVersions(text) ? text : '';
}
