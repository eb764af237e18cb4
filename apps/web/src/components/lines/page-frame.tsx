// PageFrame lives in components/ui; this re-export keeps the pages' imports working until they
// import it from there (the pages are another change's files).
export { PageFrame } from '../ui/page-frame';
