import { useEffect } from 'react';
import { addressSubject, documentTitle } from '../routes/pageTitle';
import type { Address } from '../routes/address';

// The document has one title and the page's parts mount in any order (a child's effects run before
// its parent's): the address gives every page a title at once, and what a page learns later (a
// model's name, the files opened) takes its place while that page is shown.
let routeTitle = documentTitle(null);
const pageTitles: string[] = [];

function show(): void {
  document.title = pageTitles.at(-1) ?? routeTitle;
}

/** The layout's title for the address, shown unless a page names what it shows better. */
export function useAddressTitle(address: Address): void {
  const title = documentTitle(addressSubject(address));
  useEffect(() => {
    routeTitle = title;
    show();
  }, [title]);
}

/** Names the page by what it shows (null: not known yet), while it is mounted. */
export function useDocumentTitle(subject: string | null): void {
  useEffect(() => {
    if (subject === null) return;
    const title = documentTitle(subject);
    pageTitles.push(title);
    show();
    return () => {
      pageTitles.splice(pageTitles.lastIndexOf(title), 1);
      show();
    };
  }, [subject]);
}
