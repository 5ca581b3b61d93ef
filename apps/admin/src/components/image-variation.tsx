import { rest } from '../api/rest-fetch.js';
import { useAsync } from '../use-async.js';

interface VariationBody {
  readonly ContentImageVariation: { readonly uri: string; readonly width?: number; readonly height?: number };
}

/**
 * An image through one of its variations: the variation resource (`GET /content/binary/images/{imageId}/variations/
 * {name}`, which generates it on first use) gives the URI of the scaled file, shown as an `<img>`.
 */
export function ImageVariation(props: { readonly href: string; readonly alt: string; readonly variation: string }) {
  const [variation] = useAsync(() => rest<VariationBody>(props.href, { accept: 'ContentImageVariation' }), [props.href]);
  if (variation.state === 'loading') return <span class="image-placeholder" aria-busy="true" />;
  if (variation.state === 'failed') return <span class="empty">image unavailable</span>;
  const { uri, width, height } = variation.value.ContentImageVariation;
  return <img class={`image image-${props.variation}`} src={uri} alt={props.alt} width={width} height={height} data-variation={props.variation} />;
}
