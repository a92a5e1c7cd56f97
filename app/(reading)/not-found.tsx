// An unknown document: the same 404 as the personal pages', inside this group's header and footer.
export { default } from '../(shell)/not-found';
