import 'canvas'; console.log('canvas', (process.memoryUsage().rss/1048576).toFixed(0))
