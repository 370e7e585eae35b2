/**
 * The model doctor's rules: what each finds, and what a user sees of it in Speckle's viewer, in
 * plain words. The viewer's own reading of proxies and instances (its SpeckleConverter) logs these
 * faults to the browser's console at most; on screen they are a missing material, a block that
 * does not show, a wrong colour.
 */
export const RULES = {
  'reference-not-received': {
    title: 'References to objects that were not received',
    explanation:
      'An object refers to a child the server did not send. The viewer draws the object without that child: the part it holds (a display mesh, a chunk of vertices, a nested element) is simply missing from the scene.',
  },
  'closure-not-received': {
    title: 'Closure entries never received',
    explanation:
      'The root’s __closure lists objects the server does not have, so they never arrived. Whatever refers to them is drawn without them, and the viewer’s progress never reaches the count the closure announces.',
  },
  'not-in-closure': {
    title: 'Received objects not in the closure',
    explanation:
      'These objects arrived but the root’s __closure does not list them: a server’s with-children answer would not send them, so the viewer, loading the same root from a server, never sees them.',
  },
  'object-not-json': {
    title: 'Objects whose text is not valid JSON',
    explanation:
      'Their text arrived cut short or garbled. The viewer cannot read them and drops them, and everything they hold, without a word.',
  },
  'proxy-target-missing': {
    title: 'Proxies naming applicationIds that no object has',
    explanation:
      'A proxy at the root names objects by applicationId, and no object has this one. The viewer applies the material or colour to nothing (the level or group holds nothing); for a block definition it logs “Object … is missing from definition …” and the block is drawn without that part.',
  },
  'proxy-without-targets': {
    title: 'Proxies without targets',
    explanation:
      'The proxy’s list of objects is missing or empty. The viewer skips it: its material, colour, level, group or block applies to nothing.',
  },
  'proxy-without-value': {
    title: 'Proxies without a value',
    explanation:
      'A render material or level proxy has no value (missing or null). For a material the viewer logs an error and ignores the proxy: its objects are drawn with the default grey material. Speckle’s web viewer does not read levels; a connector or a tool that does finds these objects on a level with no data.',
  },
  'color-not-number': {
    title: 'Colour proxies whose value is not a number',
    explanation:
      'A colour proxy’s value must be an ARGB integer. The viewer logs an error and ignores it: its objects keep their default colour.',
  },
  'claimed-twice': {
    title: 'Objects claimed by two proxies of one kind',
    explanation:
      'Two material proxies, two colour proxies or two level proxies name the same object. Of two materials or two colours the viewer keeps the last one it reads (“Overwritting renderMaterial”), so the object shows a material or colour the sender may not have meant. Levels Speckle’s web viewer does not read, so two of them change nothing on screen; a connector or a tool that reads them (receiving into Revit, filtering by level) puts the object on either level, or lists it twice. Groups may overlap and are not reported.',
  },
  'duplicate-application-id': {
    title: 'Duplicate applicationIds',
    explanation:
      'Several different objects share one applicationId, by which proxies and instances find objects. The viewer gives a material or colour meant for one to all of them; a block definition takes only one of them as its part and the others stay in the scene outside the block; of two instances sharing one, only the last is drawn.',
  },
  'definition-without-application-id': {
    title: 'Instance definitions without applicationId',
    explanation:
      'Instances point at a definition by its applicationId; this one has none. The viewer warns and cannot use it: no instance of it is drawn.',
  },
  'instance-without-application-id': {
    title: 'Instances without applicationId',
    explanation: 'The viewer warns and does not draw an instance that has no applicationId.',
  },
  'instance-without-definition-id': {
    title: 'Instances without definitionId',
    explanation:
      'The instance does not say which definition it places. The viewer warns and does not draw it: the block is missing from the scene.',
  },
  'instance-definition-missing': {
    title: 'Instances pointing at a missing definition',
    explanation:
      'The instance’s definitionId matches no instance definition proxy at the root. The viewer has nothing to place: the block does not show.',
  },
  'definition-unused': {
    title: 'Definitions never used',
    explanation:
      'No instance places this definition. Its objects are consumed by the definition, so the viewer draws them nowhere: they are sent but never seen.',
  },
  'mesh-vertices-not-triples': {
    title: 'Meshes whose vertices are not whole x, y, z triples',
    explanation:
      'A mesh’s vertices are x, y, z in a row; this array’s length is not a multiple of 3. The viewer reads the last, incomplete vertex as garbage or drops the mesh: a broken or missing surface.',
  },
  'mesh-face-past-vertices': {
    title: 'Faces that index past the vertices',
    explanation:
      'A face names a vertex the mesh does not have. The viewer reads vertices that are not there: stray or missing triangles, or a mesh that is not drawn.',
  },
  'mesh-face-count-overrun': {
    title: 'Faces whose counts run past the array',
    explanation:
      'Each face starts with its number of vertices; here a face announces more vertices than the array has left. The viewer drops the last face or misreads the whole mesh.',
  },
  'mesh-colors-mismatch': {
    title: 'Vertex colours that do not match the vertex count',
    explanation:
      'A mesh’s colors hold one colour per vertex; this one has a different number. The viewer ignores the colours or paints the wrong vertices.',
  },
  'mesh-bad-coordinates': {
    title: 'Non-finite or absurd coordinates',
    explanation:
      'A vertex coordinate is not a finite number, or is over 1e9 in the model’s units. The model’s bounds stretch to reach it, so zooming to fit frames empty space and the model looks like a dot, or the mesh is not drawn.',
  },
  'mesh-missing-units': {
    title: 'Meshes without units',
    explanation:
      'The mesh does not say its units, so it cannot be scaled with the rest of the model: it can show at the wrong size beside objects that say theirs.',
  },
  'display-value-empty': {
    title: 'Objects with an empty displayValue',
    explanation:
      'The object has a displayValue with nothing in it: the viewer has nothing to draw for it, so it is selectable in the tree but invisible.',
  },
  'display-value-missing': {
    title: 'displayValue that references nothing received',
    explanation:
      'Every display mesh the object refers to is missing from what arrived: the viewer shows the object in the tree but draws nothing.',
  },
  'children-count-mismatch': {
    title: 'totalChildrenCount that disagrees with the closure',
    explanation:
      'The object’s totalChildrenCount is not the number of ids in its __closure: the sender miscounted. On the root, loaders that size their progress by it (Speckle’s older object loader did) stop short of the end or run past it; Speckle’s current viewer counts the root’s __closure instead. On any other object nothing reads it, and nothing visible changes.',
  },
} as const satisfies Record<string, { title: string; explanation: string }>;

export type RuleId = keyof typeof RULES;

/** Every rule, in the order a report lists them. */
export const RULE_IDS = Object.keys(RULES) as RuleId[];
