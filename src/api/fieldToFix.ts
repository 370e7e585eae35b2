/** The form fields whose value a failure puts in doubt, named as the form names them. */
export type FieldToFix = 'Server URL' | 'Access token' | 'Project ID' | 'Object ID';
