// Package simqueue shares a simulation among machines through a NATS
// JetStream work queue: `sandtable simulate --nats URL` cuts a run into
// shards (sim.Shard), queues one job a shard and merges the shards'
// summaries (sim.Merge) as they come back; `sandtable simulate worker
// --nats URL`, on as many machines as there are, takes jobs from the
// queue, plays them and files each shard's summary.
//
// Two streams hold the work. Jobs (JobStream, a subject a job) is a
// work queue: each job goes to one worker of the shared durable consumer
// (WorkerConsumer), which tells the server every few seconds that it is
// still playing (InProgress), and acknowledges the job only once its
// summary is filed. A worker that dies, or loses its connection, leaves
// its job unacknowledged, and the server gives it to another worker when
// the acknowledgement is overdue (AckWait); one stopped with Ctrl-C hands
// it back at once. Results (ResultStream) keeps each shard's summary
// under the run's id and the shard's number (ResultSubject) for a week,
// and a worker's word that it could not play a shard (ErrorSubject). A
// run's id is worked out from everything that decides its games
// (Run.ID), so a run asked for again, say after Ctrl-C, finds the shards
// already played or still queued and queues only the others; a shard
// that failed before is played again.
// Since the games depend only on the seeds (agents with an iteration
// budget), it does not matter which worker plays a shard, or whether a
// shard is played twice: the first summary filed for it is the one used.
package simqueue
