// Every catalogue screen (home, catalogue, course page) shows these images, so their styles ride
// along here as one stylesheet: one render-blocking request per page instead of three.
import './styles.css';

export { MediaImage as CatalogImage } from '../../components/ui/MediaImage.tsx';

/** Catalogue cards' picture: 16:10, twice the size it is shown at on a wide screen. */
export const CARD_IMAGE = { width: 640, height: 400, opts: 'size:640x400,crop:center' } as const;
