// Unit tests run in Node: give them a real (in-memory) IndexedDB implementation.
import 'fake-indexeddb/auto';
