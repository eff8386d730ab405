// Runtime cache names; bump a version when the shape of what a cache holds changes.
export const cacheNames = {
  assets: 'ibc-assets-v1',
  images: 'ibc-images-v1',
  productImages: 'ibc-product-images-v1',
  catalogue: 'ibc-catalogue-v1',
} as const;
