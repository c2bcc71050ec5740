/** Public API of the bucket feature. */
export { BucketBrowser, type BucketBrowserProps } from './BucketBrowser';
export { BucketView, type BucketViewProps } from './BucketView';
export { SimpleUploadModal, type SimpleUploadValues } from './SimpleUploadModal';
export { demoTypeOf, bucketTypeOf } from './bucket-types';
export type { BucketItem, BucketItemType, BucketViewer, BucketFilter, BucketSort } from './bucket-types';
export { FanArtistBucketDialog, type FanArtistBucketDialogProps } from './FanArtistBucketDialog';
export { fanBucketItem, type FanContentRow } from './fan-bucket-items';
