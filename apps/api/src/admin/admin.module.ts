import { Module } from '@nestjs/common';
import { QueueDashboard } from './queue-dashboard';

@Module({ providers: [QueueDashboard], exports: [QueueDashboard] })
export class AdminModule {}
