import { NotFoundView } from '../../../app/components/NotFoundView';

/** An unknown address: the product's 404 page. */
export function NotFoundPage() {
  return <NotFoundView />;
}
